import type { Translations } from '../../lib/i18n';

/** The `address` namespace: the shared address picker and the address data notice. */
const address: Translations = {
  en: {
    county: 'County',
    city: 'City',
    street: 'Street',
    streetNumber: 'Number',
    postalCode: 'Postal code',
    countyPlaceholder: 'Choose a county',
    cityPlaceholder: 'Search a city or village',
    streetPlaceholder: 'Search a street',
    streetLazyPlaceholder: 'Type at least {{count}} letters of the street',
    streetFreePlaceholder: 'Street name',
    numberPlaceholder: 'e.g. 12',
    postalCodeAuto: 'Filled in from the address',
    postalCodeUnknown: 'No postal code is known for this number',
    chooseCountyFirst: 'Choose the county first',
    chooseCityFirst: 'Choose the city first',
    nothingFound: 'Nothing found',
    typeMore: 'Type at least {{count}} letters',
    loadFailed: 'The address list could not be loaded.',
    locationDataFailed: 'Failed to fetch location data',
    locationDataInvalid: 'Invalid data format: missing counties data',
    digitsOnly: 'Digits only',
    lookup: {
      title: 'Address lookup',
      intro:
        'Find a Romanian address as the couriers know it: choose the county, the city, the street and the number to get the postal code.',
    },
    about: {
      title: 'About',
      version: 'Seller Console {{version}}',
      dataTitle: 'Address data',
      notice:
        'Contains public information licensed under the Open Government Licence v1.0 (OGL-ROU-1.0). Sources: Poșta Română, Romanian postal codes ("Coduri poștale România", data.gov.ro, {{postal}} edition); INS, SIRUTA register ({{siruta}} edition). The data was transformed (diacritics normalised, number ranges read). Poșta Română and INS do not endorse this application.',
      open: 'About this app and its data',
    },
  },
  ro: {
    county: 'Județ',
    city: 'Localitate',
    street: 'Stradă',
    streetNumber: 'Număr',
    postalCode: 'Cod poștal',
    countyPlaceholder: 'Alegeți județul',
    cityPlaceholder: 'Căutați orașul sau satul',
    streetPlaceholder: 'Căutați strada',
    streetLazyPlaceholder: 'Cel puțin {{count}} litere din stradă',
    streetFreePlaceholder: 'Numele străzii',
    numberPlaceholder: 'ex. 12',
    postalCodeAuto: 'Completat din adresă',
    postalCodeUnknown: 'Nu se cunoaște un cod poștal pentru acest număr',
    chooseCountyFirst: 'Alegeți mai întâi județul',
    chooseCityFirst: 'Alegeți mai întâi localitatea',
    nothingFound: 'Nu s-a găsit nimic',
    typeMore: 'Scrieți cel puțin {{count}} litere',
    loadFailed: 'Lista de adrese nu a putut fi încărcată.',
    locationDataFailed: 'Datele de localizare nu au putut fi încărcate',
    locationDataInvalid: 'Format de date invalid: lipsesc datele județelor',
    digitsOnly: 'Doar cifre',
    lookup: {
      title: 'Căutare adresă',
      intro:
        'Găsiți o adresă din România așa cum o cunosc curierii: alegeți județul, localitatea, strada și numărul pentru a afla codul poștal.',
    },
    about: {
      title: 'Despre',
      version: 'Seller Console {{version}}',
      dataTitle: 'Date de adresă',
      notice:
        'Conține informații publice în baza Licenței pentru Guvernare Deschisă v1.0 (OGL-ROU-1.0). Surse: Poșta Română – „Coduri poștale România” (data.gov.ro, ediția {{postal}}); INS – SIRUTA (ediția {{siruta}}). Datele au fost transformate (diacritice normalizate, intervale de numere). Poșta Română și INS nu susțin această aplicație.',
      open: 'Despre aplicație și datele ei',
    },
  },
};

export default address;

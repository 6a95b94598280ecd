import type { Generated } from 'kysely';

// Row types: The sign-in, the companies and their users, notifications. Money columns are integer bani, times are Unix seconds.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** argon2id; '' for a user invited who has not chosen a password yet (no password matches it). */
  password_hash: string;
  first_name: string;
  last_name: string;
  created_at: number;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
}

/** A one-time link to choose a password, kept hashed (migration 075). */
export interface InvitationsTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  invited_by: number | null;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  created_at: number;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  vat_number: string;
  vat_payer: number;
  administrator_name: string;
  active: number;
  address: string | null;
  city: string | null;
  county: string | null;
  /** Default client shipping cost of new orders (bani). */
  shipping_cost: Generated<number>;
  /** The company's EUR rate (ten-thousandths of a leu per euro), used where no recent BNR rate is known. */
  eur_rate: number | null;
  eur_rate_set_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CompanyUsersTable {
  company_id: number;
  user_id: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  description: string;
  message_key: string | null;
  params: string | null;
  type: string;
  created_at: number;
}

export interface NotificationReadsTable {
  notification_id: number;
  user_id: number;
  /** When the user cleared it off their list (migration 084_notification_clears); null while shown. */
  cleared_at: number | null;
}

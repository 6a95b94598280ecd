/**
 * Badge colour of an order status or courier status, one mapping for both: new blue, processing yellow,
 * completed green, cancelled red, anything else grey. Case-insensitive.
 */
export type StatusColor = 'blue' | 'yellow' | 'green' | 'red' | 'gray';

const COLORS: Record<string, StatusColor> = {
  new: 'blue',
  processing: 'yellow',
  completed: 'green',
  cancelled: 'red',
};

export function statusColor(status: string | null | undefined): StatusColor {
  return (
    COLORS[
      String(status ?? '')
        .trim()
        .toLowerCase()
    ] ?? 'gray'
  );
}

/** An order's public id (GraphQL `Guid`), and any other UUID we hand out (built-in payment references). */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

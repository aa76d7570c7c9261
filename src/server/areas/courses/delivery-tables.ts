/** Paid content handed out, read by the instant refund (joined into Database in ../../db/schema.ts). */
/**
 * Paid content the server delivered to a user (areas/courses/content-deliveries.ts): one row per user and item, what the
 * instant refund reads to tell whether the item was used.
 */
export interface ContentDeliveryTable {
  user_id: number;
  /** course (the video's own course, also when opened through a bundle), ebook or question_bank (the top bank). */
  kind: string;
  ref_id: number;
  /** The first delivery. */
  first_at: number;
  /** The latest delivery, recorded at most DELIVERY_RECORD_SECONDS late. */
  last_at: number;
}

export interface DeliveryTables {
  content_deliveries: ContentDeliveryTable;
}

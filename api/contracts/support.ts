// The support ticket (document 001 §2.12, §3, §5): its fields, limits and texts, checked by the form and by
// POST /api/support/tickets alike. The texts are the page's, in Spanish like the page, except the two
// the spec words in English.
import { z } from 'zod';

export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const ticketCategories = ['general', 'technical', 'account', 'billing', 'feature'] as const;

export const SUPPORT_NAME_MAX = 100;
/** RFC 5321's longest address. */
export const SUPPORT_EMAIL_MAX = 254;
export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 2000;

export const supportTexts = {
  required: 'Please complete all required fields.',
  sendFailed: 'Error sending ticket. Please try again.',
  badEmail: 'Escribe un email válido, por ejemplo nombre@ejemplo.com.',
  tooLong: (field: string, max: number) => `${field}: máximo ${max} caracteres.`,
} as const;

export const supportPaths = { tickets: '/api/support/tickets' } as const;

const text = (field: string, max: number) => z.string({ message: supportTexts.required }).trim().min(1, supportTexts.required).max(max, supportTexts.tooLong(field, max));

export const supportTicketSchema = z
  .object({
    name: text('Nombre', SUPPORT_NAME_MAX),
    email: text('Email', SUPPORT_EMAIL_MAX).pipe(z.email({ message: supportTexts.badEmail })),
    subject: text('Asunto', SUPPORT_SUBJECT_MAX),
    priority: z.enum(ticketPriorities),
    category: z.enum(ticketCategories),
    message: text('Mensaje', SUPPORT_MESSAGE_MAX),
  })
  .strict();
export type SupportTicket = z.output<typeof supportTicketSchema>;
export type SupportTicketInput = z.input<typeof supportTicketSchema>;

export const supportTicketResultSchema = z.object({ ok: z.literal(true) });

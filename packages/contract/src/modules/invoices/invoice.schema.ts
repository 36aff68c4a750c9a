import { z } from 'zod';
import { idParamSchema } from '../../api.ts';

/** `:number` of an invoice's download: a positive int32 in plain decimal, as ids are. */
export const invoiceNumberParamSchema = z.object({ number: idParamSchema.shape.id });

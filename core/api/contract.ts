/**
 * `GET /api/v1/integration-contract`: the machine-readable description of `invoice_data`. The field
 * entries are loosely typed until the contract engine defines them.
 */
import { z } from 'zod';

export const contractExampleSchema = z.object({
  name: z.string(),
  description: z.string(),
  invoice_data: z.record(z.string(), z.unknown()),
});

export const integrationContractSchema = z.looseObject({
  version: z.string(),
  fields: z.array(z.custom<object>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))),
  examples: z.array(contractExampleSchema),
});
export type IntegrationContract = z.infer<typeof integrationContractSchema>;

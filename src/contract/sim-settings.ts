// Zod-free, so that a screen reads these without loading the schemas (sim-settings.schema.ts).
/** A port-in's way (docs/product/member-controls.md): requested → validating → scheduled → completed, or rejected. */
export const PORT_IN_STEPS = ['requested', 'validating', 'scheduled', 'completed'] as const;

/** Settings that change the SIM: move your number (port-in), a replacement SIM, change my SIM. */
export const PORT_IN_STATUSES = [...PORT_IN_STEPS, 'rejected', 'cancelled'] as const;

/** The SM-DP+ server eSIM profiles are downloaded from (the activation code names it). */
export const ESIM_SMDP_ADDRESS = 'smdp.esim.48.ie';

// Subscription tiers of bearer keys. `free` keys pay per call (metered); the rest also unlock
// /api/v1/optimize.
import { z } from 'zod';

export const TIERS = ['free', 'solo', 'team', 'business', 'enterprise'] as const;
export const TierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof TierSchema>;
export type SubscriptionTier = Exclude<Tier, 'free'>;

export const isSubscription = (tier: Tier): tier is SubscriptionTier => tier !== 'free';

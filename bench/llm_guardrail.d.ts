// The package ships no types; these are the two calls bench/injection.ts makes.
declare module 'llm_guardrail' {
  export interface GuardrailVerdict {
    allowed: boolean;
    detected: boolean;
    confidence: number;
  }
  export function checkInjection(prompt: string): Promise<GuardrailVerdict>;
  export function checkJailbreak(prompt: string): Promise<GuardrailVerdict>;
}

// Word classes ("concepts") for the learned detector's features. Exact words and character n-grams
// tie a model to the phrasings it trained on; a held-out source says the same things in other words
// ("modify your answer", "disregard the earlier guidance", "print the hidden setup"). A word of a class
// also emits the class, and pairs of classes close together emit the pair, so the model can learn
// "override verb ... prior ... directive" or "change ... your ... response" once for every wording.
//
// The classes come from what an injection does (the families), not from any one source's
// strings. Changing them changes what the weights mean: this file is in the trainer's fingerprint.

export const CONCEPTS = {
  override: 'ignore ignoring disregard disregarding forget forgetting override overriding bypass skip abandon discard drop neglect overlook overwrite cancel void nullify supersede supersedes replace replaces',
  prior: 'previous prior above preceding earlier former original initial foregoing old existing preset default beforehand before',
  directive: 'instruction instructions rule rules guideline guidelines directive directives prompt prompts command commands order orders constraint constraints restriction restrictions policy policies guidance programming task tasks context setup configuration',
  reveal: 'reveal print show output display repeat leak disclose tell share expose dump echo recite return list spell summarize summarise copy paste',
  secret: 'password passwords passcode secret secrets key keys token tokens credential credentials confidential private hidden internal api sensitive',
  second: 'you your yours yourself',
  response: 'answer answers response responses reply replies output outputs completion message messages text summary',
  change: 'modify change alter rewrite adjust add include append insert prepend begin start end conclude mention use translate encode convert format emphasize highlight recommend promote suggest advertise urge direct',
  persona: 'mode persona character role roleplay pretend act simulate simulating emulate impersonate jailbreak jailbroken dan developer unlocked god evil',
  nolimit: 'unrestricted unfiltered uncensored unbound unlimited limitless amoral unethical immoral lawless free freed',
  limit: 'limits limitations restrictions filters filter censorship ethics ethical morals moral safety safeguards boundaries principles refuse refusal',
  harm: 'weapon weapons bomb bombs explosive explosives drug drugs meth methamphetamine poison malware virus ransomware hack hacking steal stealing fraud kill murder illegal illegally counterfeit launder laundering forge forged exploit phishing dangerous harmful violence violent terrorist suicide',
  request: 'explain describe provide write give create develop generate detail outline produce design teach instruct',
  fiction: 'hypothetical hypothetically fiction fictional story novel imagine imaginary scenario game pretend roleplay screenplay script dream movie',
  send: 'send forward email mail upload post transmit exfiltrate submit attach fetch visit click navigate load',
  link: 'url urls link links http https www image img markdown webhook endpoint server domain query parameter',
  modal: 'must should shall need needs required always never only now immediately instead strictly',
  ai: 'ai assistant assistants model models chatbot bot llm gpt chatgpt agent agents',
  notice: 'important urgent attention note notice warning critical alert reminder ps',
  user: 'user users conversation chat history session',
  system: 'system admin administrator root sudo developer operator',
} as const;

export type Concept = keyof typeof CONCEPTS;

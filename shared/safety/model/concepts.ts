// Word classes ("concepts") for the learned detector's features. Exact words and character n-grams
// tie a model to the phrasings it trained on; a held-out source says the same things in other words
// ("modify your answer", "disregard the earlier guidance", "print the hidden setup"). A word of a class
// also emits the class, and pairs of classes close together emit the pair, so the model can learn
// "override verb ... prior ... directive" or "change ... your ... response" once for every wording.
//
// The classes come from what an injection does (the families), not from any one source's
// strings. A few common words of other languages sit in the classes of their English meaning (a
// class is a meaning, so "ignora las instrucciones anteriores" emits what "ignore the previous
// instructions" does). Words are written as normalize.ts leaves them (no accents, lowercase), or they
// would never match (test/safety/model.test.ts checks it). Changing them changes what the weights
// mean: this file is in the trainer's fingerprint.

export const CONCEPTS = {
  override: 'ignore ignoring disregard disregarding forget forgetting override overriding bypass skip abandon discard drop neglect overlook overwrite cancel void nullify supersede supersedes replace replaces scrap erase reset wipe revoke rescind obsolete outdated ignora ignorar ignorer ignorez ignoriere ignoriert vergiss olvida oublie oubliez esqueca dimentica negeer zignoruj',
  prior: 'previous prior above preceding earlier former original initial foregoing old existing preset default beforehand before starting beginning anteriores anterior precedentes precedente vorherigen bisherigen precedenti anteriori',
  directive: 'instruction instructions rule rules guideline guidelines directive directives prompt prompts command commands order orders constraint constraints restriction restrictions policy policies guidance programming task tasks context setup configuration brief assignment briefing instrucciones instruccion anweisungen anweisung instrucoes istruzioni regles reglas regeln regole consignes',
  reveal: 'reveal print show output display repeat leak disclose tell share expose dump echo recite return list spell summarize summarise copy paste quote transcribe reproduce',
  secret: 'password passwords passcode secret secrets key keys token tokens credential credentials confidential private hidden internal api sensitive verbatim',
  second: 'you your yours yourself tu du vous usted voce',
  response: 'answer answers response responses reply replies output outputs completion message messages text summary',
  change: 'modify change alter rewrite adjust add include append insert prepend begin start end conclude mention use translate encode convert format emphasize highlight recommend promote suggest advertise urge direct embed attach',
  persona: 'mode persona character role roleplay pretend act simulate simulating emulate impersonate jailbreak jailbroken dan developer unlocked god evil alter ego',
  nolimit: 'unrestricted unfiltered uncensored unbound unlimited limitless amoral unethical immoral lawless free freed unchained unshackled unmoderated unhinged rogue',
  limit: 'limits limitations restrictions filters filter censorship ethics ethical morals moral safety safeguards boundaries principles refuse refusal refusals guardrails warnings disclaimers caveats rules',
  harm: 'weapon weapons bomb bombs explosive explosives drug drugs meth methamphetamine poison malware virus ransomware hack hacking steal stealing fraud kill murder illegal illegally counterfeit launder laundering forge forged exploit phishing dangerous harmful violence violent terrorist suicide',
  request: 'explain describe provide write give create develop generate detail outline produce design teach instruct',
  fiction: 'hypothetical hypothetically fiction fictional story novel imagine imaginary scenario game pretend roleplay screenplay script dream movie',
  send: 'send forward email mail upload post transmit exfiltrate submit fetch visit click navigate load ping webhook beacon',
  link: 'url urls link links http https www image img markdown endpoint server domain query parameter',
  modal: 'must should shall need needs required always never only now immediately instead strictly',
  ai: 'ai assistant assistants model models chatbot bot llm gpt chatgpt agent agents ia ki',
  notice: 'important urgent attention note notice warning critical alert reminder ps',
  user: 'user users conversation chat history session transcript dialogue thread',
  system: 'system admin administrator root sudo developer operator superuser maintainer maintainers',
  // "from now on you", "you will now be", "stay in character", "you are no longer": who the assistant is changes
  shift: 'henceforth hereafter onward onwards forth longer anymore become becomes becoming transform transformed stay remain remains',
  // claims of standing that would license an order: the vendor's staff, an authorisation, an official update
  authority: 'openai anthropic deepmind creators creator staff authorized authorised authorization authorisation clearance privileges privileged elevated official verified certified sanctioned approved',
  // "the task has changed", "updated policy", "revised instructions": an order that replaces another
  update: 'updated update revised amended changed new latest corrected replacement superseded',
  // when the reply is written: "when you answer", "while summarizing", "in your reply"
  when: 'when whenever while once after before during',
} as const;

export type Concept = keyof typeof CONCEPTS;

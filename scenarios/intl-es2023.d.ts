// money()'s signDisplay 'negative' is ES2023's (Node 20 has it). A project that type-checks
// decoy/defense or decoy/harness with ES2022 libs reads contract.ts too, and learns it here;
// with ES2023 libs this repeats what they declare.
declare namespace Intl {
  interface NumberFormatOptionsSignDisplayRegistry {
    negative: never;
  }
}

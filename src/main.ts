// Wires the layers together. The tablet UI arrives with its own issue.
export {};

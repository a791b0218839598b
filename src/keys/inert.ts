// Everything under an `Inert` provider stays mounted but hears no key (the screen while the terminal
// is too small: its drafts and half-typed fields stay as they are until it is big enough again).
// The key router's layers are shadowed by the layer above them; text inputs, which read keys
// from Ink themselves, read this.
import { createContext, useContext } from 'react';

export const Inert = createContext(false);

export function useInert(): boolean {
  return useContext(Inert);
}

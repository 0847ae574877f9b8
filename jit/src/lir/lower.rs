//! Typed IR lowered to LIR: where Python's (and Numba's) semantics become machine
//! operations and guards.

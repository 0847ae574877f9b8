//! The LIR interpreter: the reference every backend is compared against.
use super::*;

#[derive(Debug, Clone, PartialEq)]
pub enum RunOutcome {
    /// The function returned these result values (raw bits, one per result).
    Returned(Vec<u64>),
    /// It left with a status; `word` is `out[0]` (a deopt site or raise index).
    Exited { status: Status, word: u64 },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunError {
    /// More steps than allowed (a loop that does not end).
    StepLimit,
    /// The module is malformed in a way the verifier should have caught.
    Malformed(String),
}

/// Runs `module.functions[func]` with `args` (raw bits per parameter).
pub fn run(_module: &Module, _func: u32, _args: &[u64], _depth: i64, _max_steps: u64) -> Result<RunOutcome, RunError> {
    Err(RunError::Malformed("not yet".into()))
}

//! What the JIT did, as typed events: `--jit-log` prints them (one formatter, here),
//! `--jit-stats` and the REPL's `%jit` summarize them, tests count them.

use std::fmt;

/// One JIT event.
#[derive(Debug, Clone, PartialEq)]
pub enum JitEvent {
    /// A specialization (function and argument types) compiled at `tier`.
    Compiled { what: String, tier: u8, milliseconds: f64, note: Option<String> },
    /// A specialization stays interpreted; the first line of the reason.
    Rejected { what: String, reason: String },
    /// Native code handed a call back to the interpreter; `count` so far for this
    /// specialization (`None`: not a failed speculation, such as Ctrl-C).
    Deoptimized { what: String, why: String, count: Option<u32> },
    /// A module's source rewritten for automatic mode.
    /// `from_cache`: an earlier run's transform of the same source, only linked here.
    Transformed { file: String, milliseconds: f64, functions: usize, lifted_loops: usize, from_cache: bool },
    /// A module runs as written.
    NotTransformed { file: String, why: String },
    /// A loop that got hot in the interpreter tries native code from its header.
    /// `warm`: at its first iteration, because an earlier run kept its tier-2 code.
    OnStackReplacement { what: String, warm: bool },
    /// A specialization's calls run its `tier` code from now on (the dispatcher swapped
    /// it in; calls already running finish in the code they started in).
    Swapped { what: String, tier: u8 },
    /// A running call of a specialization left its loop at a safepoint and went on in
    /// its `tier` code from there (on-stack replacement between tiers), at `line`.
    TieredUp { what: String, tier: u8, line: u32 },
    /// A lifted loop that nothing compiles for stopped asking: its call site jumps to
    /// the loop as written from now on.
    GaveUp { what: String },
}

impl JitEvent {
    /// Compile time, for the stats.
    pub fn compile_milliseconds(&self) -> f64 {
        match self {
            JitEvent::Compiled { milliseconds, .. } => *milliseconds,
            _ => 0.0,
        }
    }

    /// The specialization, function or file the event is about.
    pub fn subject(&self) -> &str {
        match self {
            JitEvent::Compiled { what, .. }
            | JitEvent::Rejected { what, .. }
            | JitEvent::Deoptimized { what, .. }
            | JitEvent::OnStackReplacement { what, .. }
            | JitEvent::Swapped { what, .. }
            | JitEvent::TieredUp { what, .. }
            | JitEvent::GaveUp { what } => what,
            JitEvent::Transformed { file, .. } | JitEvent::NotTransformed { file, .. } => file,
        }
    }
}

/// The `--jit-log` line, without the `pynum-jit: ` prefix.
impl fmt::Display for JitEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JitEvent::Compiled { what, tier, milliseconds, note: None } => {
                write!(f, "compiled {what} tier={tier} in {milliseconds:.3} ms")
            }
            JitEvent::Compiled { what, tier, milliseconds, note: Some(note) } => {
                write!(f, "compiled {what} tier={tier} in {milliseconds:.3} ms ({note})")
            }
            JitEvent::Rejected { what, reason } => write!(f, "rejected {what}: {reason}"),
            JitEvent::Deoptimized { what, why, count: Some(count) } => {
                write!(f, "deoptimized {what}: {why} ({count} so far)")
            }
            JitEvent::Deoptimized { what, why, count: None } => write!(f, "deoptimized {what}: {why}"),
            JitEvent::Transformed { file, milliseconds, functions, lifted_loops, from_cache } => {
                let cached = if *from_cache { " (from the cache)" } else { "" };
                write!(f, "transformed {file} in {milliseconds:.3} ms{cached}: {functions} functions under dispatchers, {lifted_loops} loops lifted")
            }
            JitEvent::NotTransformed { file, why } => write!(f, "not transformed {file}: {why}"),
            JitEvent::OnStackReplacement { what, warm: false } => {
                write!(f, "on-stack replacement of {what}: a loop got hot in the interpreter; trying native code from its header")
            }
            JitEvent::OnStackReplacement { what, warm: true } => {
                write!(f, "on-stack replacement of {what}: an earlier run kept its tier-2 code; trying it from the loop's first iteration")
            }
            JitEvent::Swapped { what, tier } => {
                write!(f, "swapped {what} to tier {tier}: its next calls run that code")
            }
            JitEvent::TieredUp { what, tier, line } => {
                write!(f, "on-stack replacement of {what}: its running loop moved to tier {tier} at line {line}")
            }
            JitEvent::GaveUp { what } => {
                write!(f, "gave up on {what}: nothing compiles for it, its call site runs the loop as written")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines_read_as_before_the_events_were_typed() {
        let compiled = JitEvent::Compiled { what: "f(int64)".into(), tier: 1, milliseconds: 1.5, note: None };
        assert_eq!(compiled.to_string(), "compiled f(int64) tier=1 in 1.500 ms");
        let deopt = JitEvent::Deoptimized {
            what: "f(int64)".into(),
            why: "an int left 64 bits at line 3".into(),
            count: Some(2),
        };
        assert_eq!(deopt.to_string(), "deoptimized f(int64): an int left 64 bits at line 3 (2 so far)");
        assert_eq!(JitEvent::Rejected { what: "g()".into(), reason: "x".into() }.subject(), "g()");
        assert_eq!(compiled.compile_milliseconds(), 1.5);
    }
}

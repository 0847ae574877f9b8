//! The front end's error type: "unsupported here" is a normal outcome that leaves code to
//! the interpreter; a malformed input or a failed verification is a bug to report.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrontendError {
    /// An instruction the front end does not model (yet). The region stays interpreted.
    Unsupported { opcode: String, line: u32 },
    /// The bytecode breaks an assumption of the decoder (a jump out of range...).
    Malformed { offset: u32, reason: String },
    /// The produced IR failed verification: always a bug in pynum.
    Verifier { block: u32, reason: String },
}

impl fmt::Display for FrontendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrontendError::Unsupported { opcode, line } => {
                write!(f, "unsupported: {opcode} at line {line}")
            }
            FrontendError::Malformed { offset, reason } => {
                write!(f, "malformed bytecode at offset {offset}: {reason}")
            }
            FrontendError::Verifier { block, reason } => {
                write!(f, "IR verifier failed in block{block}: {reason}")
            }
        }
    }
}

impl std::error::Error for FrontendError {}

impl FrontendError {
    /// Whether this error means a pynum bug rather than a missing feature.
    pub fn is_bug(&self) -> bool {
        !matches!(self, FrontendError::Unsupported { .. })
    }
}

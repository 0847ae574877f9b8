//! Typing failures that fit a terminal: the variable, the lines with a caret, the types
//! that met and where each came from, in a few lines. They are data for the
//! loop-lifter: a region that fails to type stays in object mode.

use std::fmt;

use crate::types::Type;

#[derive(Debug, Clone, PartialEq)]
pub enum TypingError {
    /// A variable receives two types that do not unify.
    Conflict { function: String, var: String, first: (Type, u32), second: (Type, u32) },
    /// The function returns types that do not unify.
    ReturnConflict { function: String, first: (Type, u32), second: (Type, u32) },
    /// An operation native code does not handle (yet), or that Python rejects.
    Unsupported { function: String, what: String, line: u32 },
    /// A variable whose type could not be determined (read before any assignment).
    Undetermined { function: String, var: String, line: u32 },
    /// A call to another function that failed to type.
    InCallee { function: String, line: u32, callee: Box<TypingError> },
}

impl TypingError {
    pub fn function(&self) -> &str {
        match self {
            TypingError::Conflict { function, .. }
            | TypingError::ReturnConflict { function, .. }
            | TypingError::Unsupported { function, .. }
            | TypingError::Undetermined { function, .. }
            | TypingError::InCallee { function, .. } => function,
        }
    }

    /// The first line the error points at.
    pub fn line(&self) -> u32 {
        match self {
            TypingError::Conflict { second, .. } | TypingError::ReturnConflict { second, .. } => second.1,
            TypingError::Unsupported { line, .. }
            | TypingError::Undetermined { line, .. }
            | TypingError::InCallee { line, .. } => *line,
        }
    }

    fn headline(&self) -> String {
        match self {
            TypingError::Conflict { var, first, second, .. } => format!(
                "`{var}` is {} at line {} but {} at line {}; a variable keeps one type in native code",
                first.0, first.1, second.0, second.1
            ),
            TypingError::ReturnConflict { first, second, .. } => {
                format!("returns {} at line {} but {} at line {}", first.0, first.1, second.0, second.1)
            }
            TypingError::Unsupported { what, line, .. } => format!("{what} (line {line})"),
            TypingError::Undetermined { var, line, .. } => {
                format!("cannot tell the type of `{var}` (line {line}): is it assigned on every path?")
            }
            TypingError::InCallee { callee, line, .. } => {
                format!("the call at line {line} cannot be typed: {} fails: {}", callee.function(), callee.headline())
            }
        }
    }

    /// The message with source lines and carets, when the source is at hand.
    pub fn render(&self, source: Option<&str>) -> String {
        let mut out = format!("cannot compile {}: {}\n", self.function(), self.headline());
        let Some(source) = source else { return out };
        let (lines, token): (Vec<u32>, Option<&str>) = match self {
            TypingError::Conflict { var, first, second, .. } => (vec![first.1, second.1], Some(var.as_str())),
            TypingError::ReturnConflict { first, second, .. } => (vec![first.1, second.1], Some("return")),
            TypingError::Undetermined { var, line, .. } => (vec![*line], Some(var.as_str())),
            other => (vec![other.line()], None),
        };
        let token = token.filter(|t| !t.starts_with('$'));
        let mut shown = Vec::new();
        for line in lines {
            if line == 0 || shown.contains(&line) {
                continue;
            }
            shown.push(line);
            let Some(text) = source.lines().nth(line as usize - 1) else { continue };
            let (column, width) = locate(text, token);
            out.push_str(&format!("{line:>5} | {text}\n      | {}{}\n", " ".repeat(column), "^".repeat(width)));
        }
        out
    }
}

/// Where to put the caret: under `token` as a whole word, else under the statement.
fn locate(text: &str, token: Option<&str>) -> (usize, usize) {
    if let Some(token) = token {
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        for (at, _) in text.match_indices(token) {
            let before = text[..at].chars().next_back();
            let after = text[at + token.len()..].chars().next();
            if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
                return (text[..at].chars().count(), token.chars().count());
            }
        }
    }
    let trimmed = text.trim_start();
    (text.len() - trimmed.len(), trimmed.trim_end().chars().count().max(1))
}

impl fmt::Display for TypingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot compile {}: {}", self.function(), self.headline())
    }
}

impl std::error::Error for TypingError {}

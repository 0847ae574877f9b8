//! Tab completion and hints at the prompt: Python's own `rlcompleter` (globals, builtins,
//! keywords, attributes after a dot, which it finds without evaluating properties) over
//! the `__main__` namespace, the `%` commands, and rustyline's history hints.
//!
//! Assumes rustyline calls the helper on the thread that runs Python, between
//! statements (never while Python code runs), so the interpreter may be entered here.

use std::borrow::Cow;
use std::cell::RefCell;

use rustpython_vm::{scope::Scope, PyObjectRef, VirtualMachine};
use rustyline::{
    completion::Completer,
    highlight::{CmdKind, Highlighter},
    hint::{Hinter, HistoryHinter},
    validate::Validator,
    Context, Helper,
};

/// The editor's helper: completion through `rlcompleter`, hints from history.
pub(super) struct PromptHelper<'vm> {
    vm: &'vm VirtualMachine,
    scope: Scope,
    /// `rlcompleter.Completer(globals)`, made at the first Tab (importing `rlcompleter`
    /// costs nothing until then).
    completer: RefCell<Option<PyObjectRef>>,
    hinter: HistoryHinter,
}

impl<'vm> PromptHelper<'vm> {
    pub(super) fn new(vm: &'vm VirtualMachine, scope: Scope) -> Self {
        PromptHelper { vm, scope, completer: RefCell::new(None), hinter: HistoryHinter::new() }
    }

    fn completer(&self) -> Option<PyObjectRef> {
        let vm = self.vm;
        let mut slot = self.completer.borrow_mut();
        if slot.is_none() {
            let class = vm.import("rlcompleter", 0).ok()?.get_attr("Completer", vm).ok()?;
            *slot = class.call((self.scope.globals.clone(),), vm).ok();
        }
        slot.clone()
    }

    /// Every match `rlcompleter` offers for `word` (it is asked with state 0, 1, 2...
    /// until it answers `None`, as readline asks it).
    fn python_matches(&self, word: &str) -> Vec<String> {
        let vm = self.vm;
        let Some(completer) = self.completer() else { return Vec::new() };
        let mut matches = Vec::new();
        for state in 0..1000usize {
            match vm.call_method(&completer, "complete", (word.to_owned(), state)) {
                Ok(found) if !vm.is_none(&found) => match found.str(vm) {
                    Ok(text) => matches.push(text.to_string()),
                    Err(_) => break,
                },
                _ => break,
            }
        }
        matches
    }
}

/// Where the word being completed starts: after the last character that cannot be part
/// of a dotted name (`math.sq` is one word, `print(math.sq` ends in one).
fn word_start(line: &str, pos: usize) -> usize {
    line[..pos]
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '.'))
        .map_or(0, |(at, c)| at + c.len_utf8())
}

impl Completer for PromptHelper<'_> {
    type Candidate = String;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        let start = word_start(line, pos);
        // `%` commands: the first word of a line that starts with `%`.
        if line.starts_with('%') && !line[..pos].contains(' ') {
            let typed = &line[1..pos];
            let names = super::commands::NAMES.iter().filter(|name| name.starts_with(typed));
            return Ok((0, names.map(|name| format!("%{name}")).collect()));
        }
        if line[..pos].trim().is_empty() {
            // Tab on an empty line indents, as with `rlcompleter` under readline.
            return Ok((pos, vec!["\t".to_owned()]));
        }
        Ok((start, self.python_matches(&line[start..pos])))
    }
}

impl Hinter for PromptHelper<'_> {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        // A multi-line entry (a block, a paste) would draw over the lines below.
        self.hinter.hint(line, pos, ctx).filter(|hint| !hint.contains('\n'))
    }
}

impl Highlighter for PromptHelper<'_> {
    /// Hints are dimmed so that they do not read as typed text.
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        false
    }
}

impl Validator for PromptHelper<'_> {}

impl Helper for PromptHelper<'_> {}

#[cfg(test)]
mod tests {
    use super::word_start;

    #[test]
    fn a_dotted_name_is_one_word() {
        assert_eq!(word_start("math.sq", 7), 0);
        assert_eq!(word_start("print(math.sq", 13), 6);
        assert_eq!(word_start("x = a_b", 7), 4);
        assert_eq!(word_start("", 0), 0);
    }
}

//! Parses LIR's textual form (what `print.rs` writes, described there) back into a module,
//! so golden tests and hand-written cases can be LIR text. Line-oriented: each line is a
//! table entry, a function header, a `vars` line, a block header, a `; line N` marker or
//! one instruction. Checks only what the text itself must get right (declarations, block
//! order, type annotations, callee names); whether the module makes sense is the
//! verifier's business, so a malformed module round-trips.

use std::collections::BTreeMap;

use super::print::{is_bare_name, statuses, unary_shows_type, BINARY_OPS, FLOAT_CCS, INT_CCS, OVERFLOW_OPS, UNARY_OPS};
use super::*;
use crate::ir::parse::parse_const_prefix;

/// The IR parser's error: a 1-based line of the text and what is wrong there.
pub use crate::ir::ParseError;

type Result<T> = std::result::Result<T, String>;

pub fn parse_module(text: &str) -> std::result::Result<Module, ParseError> {
    let mut parser = ModuleParser::default();
    for (index, line) in text.lines().enumerate() {
        parser.line(line, index + 1)?;
    }
    parser.finish_function(text.lines().count().max(1))?;
    parser.resolve_callees()?;
    Ok(parser.module)
}

#[derive(Default)]
struct ModuleParser {
    module: Module,
    function: Option<FunctionParser>,
    /// Calls naming their callee, resolved once every function is known.
    named_calls: Vec<NamedCall>,
}

/// A call written with its callee's name, and where it is.
struct NamedCall {
    text_line: usize,
    function: usize,
    block: usize,
    inst: usize,
    name: String,
}

struct FunctionParser {
    func: Function,
    /// The text line of the header, where declaration errors are reported.
    header_line: usize,
    /// Each declared var's type; `None` for a param printed as `?` (beyond the table).
    declared: BTreeMap<u32, Option<MType>>,
    /// The instructions of the block being read, until its terminator.
    open_block: Option<Vec<Inst>>,
    source_line: u32,
}

impl ModuleParser {
    fn line(&mut self, raw: &str, text_line: usize) -> std::result::Result<(), ParseError> {
        if raw.trim_start().starts_with("function") {
            // The previous function's declarations are checked before this one starts.
            self.finish_function(text_line - 1)?;
        }
        self.read_line(raw, text_line).map_err(|message| ParseError { line: text_line, message })
    }

    fn read_line(&mut self, raw: &str, text_line: usize) -> Result<()> {
        let line = raw.trim();
        if line.is_empty() {
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix(';') {
            if let Some(number) = rest.trim_start().strip_prefix("line ") {
                let function = self.function.as_mut().ok_or("a line marker outside a function")?;
                function.source_line = number.trim().parse().map_err(|_| format!("bad line marker {line:?}"))?;
            }
            // Any other `;` line is a comment.
            return Ok(());
        }
        let mut cursor = Cursor::new(line);
        if self.function.is_none() && cursor.eat_word("deopt") {
            return self.deopt_site(&mut cursor);
        }
        if self.function.is_none() && cursor.eat_word("raise") {
            return self.raise(&mut cursor);
        }
        if self.function.is_none() && cursor.eat_word("str") {
            cursor.expect_index(self.module.strings.len(), "str")?;
            let text = cursor.quoted()?;
            cursor.end()?;
            self.module.strings.push(text);
            return Ok(());
        }
        if cursor.eat_word("function") {
            self.function = Some(FunctionParser::header(&mut cursor, text_line)?);
            return Ok(());
        }
        let function =
            self.function.as_mut().ok_or_else(|| format!("expected a table entry or a function, got {line:?}"))?;
        if cursor.eat_word("vars") {
            return function.vars(&mut cursor);
        }
        if let Some(block) = line.strip_suffix(':') {
            return function.open(block);
        }
        let callee = function.instruction(&mut cursor)?;
        if let Some(name) = callee {
            let blocks = function.func.blocks.len();
            let insts = function.open_block.as_ref().map_or(0, Vec::len);
            let call = NamedCall {
                text_line,
                function: self.module.functions.len(),
                block: blocks,
                inst: insts.saturating_sub(1),
                name,
            };
            self.named_calls.push(call);
        }
        Ok(())
    }

    /// `deopt N: "reason" line L`
    fn deopt_site(&mut self, cursor: &mut Cursor) -> Result<()> {
        cursor.expect_index(self.module.deopt_sites.len(), "deopt site")?;
        let reason = cursor.quoted()?;
        cursor.expect("line")?;
        let line = cursor.number()?;
        cursor.end()?;
        self.module.deopt_sites.push((reason, line));
        Ok(())
    }

    /// `raise N: Name(args...)`
    fn raise(&mut self, cursor: &mut Cursor) -> Result<()> {
        cursor.expect_index(self.module.raises.len(), "raise")?;
        let exception = cursor.name()?;
        let (args, used) = parse_const_prefix(cursor.rest())?;
        let crate::ir::Const::Tuple(args) = args else {
            return Err("a raise's arguments are a parenthesized list of constants".into());
        };
        cursor.pos += used;
        cursor.end()?;
        self.module.raises.push((exception, args));
        Ok(())
    }

    /// Ends the function being read; `last_line` is its last line of text.
    fn finish_function(&mut self, last_line: usize) -> std::result::Result<(), ParseError> {
        if let Some(function) = self.function.take() {
            self.module.functions.push(function.finish(last_line)?);
        }
        Ok(())
    }

    fn resolve_callees(&mut self) -> std::result::Result<(), ParseError> {
        for NamedCall { text_line: line, function, block, inst, name } in std::mem::take(&mut self.named_calls) {
            let mut matching = self.module.functions.iter().enumerate().filter(|(_, f)| f.name == name);
            let index = match (matching.next(), matching.next()) {
                (Some((index, _)), None) => index as u32,
                (None, _) => return Err(ParseError { line, message: format!("no function is named {name:?}") }),
                (Some(_), Some(_)) => {
                    return Err(ParseError {
                        line,
                        message: format!("two functions are named {name:?}: call it by fnN"),
                    })
                }
            };
            let op = self
                .module
                .functions
                .get_mut(function)
                .and_then(|f| f.blocks.get_mut(block))
                .and_then(|b| b.insts.get_mut(inst));
            if let Some(Inst { op: Op::Call { callee, .. }, .. }) = op {
                *callee = index;
            }
        }
        Ok(())
    }
}

impl FunctionParser {
    /// `function "name"(v0: i64, v1: f64) -> i64, i1`
    fn header(cursor: &mut Cursor, header_line: usize) -> Result<FunctionParser> {
        let name = cursor.quoted()?;
        let mut function = FunctionParser {
            func: Function { name, params: Vec::new(), results: Vec::new(), vars: Vec::new(), blocks: Vec::new() },
            header_line,
            declared: BTreeMap::new(),
            open_block: None,
            source_line: 0,
        };
        cursor.expect("(")?;
        if !cursor.eat(")") {
            loop {
                let param = cursor.var()?;
                cursor.expect(":")?;
                let ty = cursor.type_or_unknown()?;
                match function.declared.insert(param.0, ty) {
                    Some(earlier) if earlier != ty => {
                        return Err(format!("{param} is declared twice with different types"))
                    }
                    _ => function.func.params.push(param),
                }
                if cursor.eat(")") {
                    break;
                }
                cursor.expect(",")?;
            }
        }
        if cursor.eat("->") {
            loop {
                let word = cursor.word();
                function.func.results.push(MType::from_name(word).ok_or_else(|| format!("unknown type {word:?}"))?);
                if !cursor.eat(",") {
                    break;
                }
            }
        }
        cursor.end()?;
        Ok(function)
    }

    /// `vars v2: i64, v3: i1`
    fn vars(&mut self, cursor: &mut Cursor) -> Result<()> {
        if !self.func.blocks.is_empty() || self.open_block.is_some() {
            return Err("vars are declared before the first block".into());
        }
        loop {
            let var = cursor.var()?;
            cursor.expect(":")?;
            let word = cursor.word();
            let ty = MType::from_name(word).ok_or_else(|| format!("unknown type {word:?}"))?;
            if self.declared.insert(var.0, Some(ty)).is_some() {
                return Err(format!("{var} is declared twice"));
            }
            if !cursor.eat(",") {
                return cursor.end();
            }
        }
    }

    /// `blockN:`
    fn open(&mut self, header: &str) -> Result<()> {
        if self.open_block.is_some() {
            return Err("the previous block has no terminator".into());
        }
        let expected = format!("block{}", self.func.blocks.len());
        if header != expected {
            return Err(format!("expected {expected}:, got {header}:"));
        }
        self.open_block = Some(Vec::new());
        Ok(())
    }

    /// Reads one instruction or terminator into the open block; returns the callee's name
    /// of a call that names it.
    fn instruction(&mut self, cursor: &mut Cursor) -> Result<Option<String>> {
        let insts = self.open_block.as_mut().ok_or("an instruction outside a block")?;
        let line = self.source_line;
        let (op, callee) = match parse_terminator(cursor)? {
            Some(terminator) => {
                let insts = self.open_block.take().unwrap_or_default();
                self.func.blocks.push(BlockData { insts, terminator, terminator_line: line });
                return Ok(None);
            }
            None => parse_op(cursor, &self.declared)?,
        };
        cursor.end()?;
        insts.push(Inst { op, line });
        Ok(callee)
    }

    /// The function, once its declarations are checked: the declared vars must be exactly
    /// `v0..vN`, and a `?` param must lie beyond them.
    fn finish(self, last_line: usize) -> std::result::Result<Function, ParseError> {
        if self.open_block.is_some() {
            return Err(ParseError {
                line: last_line,
                message: format!("the last block of {:?} has no terminator", self.func.name),
            });
        }
        let error = |message| Err(ParseError { line: self.header_line, message });
        let mut func = self.func;
        for (&index, ty) in &self.declared {
            match ty {
                Some(ty) if index as usize == func.vars.len() => func.vars.push(*ty),
                Some(_) => return error(format!("v{} is not declared", func.vars.len())),
                None => {}
            }
        }
        if let Some(index) =
            self.declared.iter().find(|(&i, ty)| ty.is_none() && (i as usize) < func.vars.len()).map(|(i, _)| i)
        {
            return error(format!("v{index} is typed `?` but within the declared vars"));
        }
        Ok(func)
    }
}

fn parse_terminator(cursor: &mut Cursor) -> Result<Option<Terminator>> {
    let terminator = if cursor.eat_word("jump") {
        Terminator::Jump(cursor.block()?)
    } else if cursor.eat_word("brif") {
        let cond = cursor.var()?;
        cursor.expect(",")?;
        let then = cursor.block()?;
        cursor.expect(",")?;
        Terminator::Brif { cond, then, otherwise: cursor.block()? }
    } else if cursor.eat_word("return") {
        Terminator::Return(if cursor.at_end() { Vec::new() } else { cursor.var_list()? })
    } else if cursor.eat_word("exit") {
        Terminator::Exit(cursor.exit()?)
    } else {
        return Ok(None);
    };
    cursor.end()?;
    Ok(Some(terminator))
}

fn lookup<T: Copy>(table: &[(T, &'static str)], word: &str) -> Option<T> {
    table.iter().find(|(_, name)| *name == word).map(|(key, _)| *key)
}

/// An instruction; a call that names its callee gives the name (its index is set later).
fn parse_op(cursor: &mut Cursor, declared: &BTreeMap<u32, Option<MType>>) -> Result<(Op, Option<String>)> {
    // What a `.type` annotation must say: the var's declared type, `?` when it has none.
    let check_type = |var: Var, written: Option<MType>| -> Result<()> {
        let actual = declared.get(&var.0).copied().flatten();
        if written == actual {
            Ok(())
        } else {
            let name = |t: Option<MType>| t.map_or("?", MType::name);
            Err(format!("{var} is {}, not {}", name(actual), name(written)))
        }
    };
    if cursor.eat_word("exit_if") {
        let cond = cursor.var()?;
        cursor.expect(",")?;
        return Ok((Op::ExitIf { cond, exit: cursor.exit()? }, None));
    }
    if cursor.rest().starts_with("store") {
        let (name, annotation) = cursor.mnemonic()?;
        if name != "store" {
            return Err(format!("unknown instruction {name:?}"));
        }
        let value = cursor.var()?;
        check_type(value, annotation.ok_or("store names the stored type (store.i64)")?)?;
        cursor.expect(",")?;
        let (addr, offset) = cursor.address()?;
        return Ok((Op::Store { value, addr, offset }, None));
    }
    let dsts = if cursor.rest().starts_with("call ") { Vec::new() } else { cursor.var_list()? };
    if !dsts.is_empty() {
        cursor.expect("=")?;
    }
    let (name, annotation) = cursor.mnemonic()?;
    let shows_type =
        matches!(name, "iconst" | "load") || UNARY_OPS.iter().any(|(op, n)| *n == name && unary_shows_type(*op));
    if shows_type != annotation.is_some() {
        let verb = if shows_type { "needs a" } else { "takes no" };
        return Err(format!("{name} {verb} type annotation"));
    }
    let one_dst = || match dsts.as_slice() {
        [dst] => Ok(*dst),
        _ => Err(format!("{name} defines one var")),
    };
    let two_operands = |cursor: &mut Cursor| -> Result<(Var, Var)> {
        let lhs = cursor.var()?;
        cursor.expect(",")?;
        Ok((lhs, cursor.var()?))
    };
    if let Some(written) = annotation {
        check_type(one_dst()?, written)?;
    }
    let op = match name {
        "iconst" => Op::Iconst { dst: one_dst()?, value: cursor.number()? },
        "fconst" => Op::Fconst { dst: one_dst()?, value: cursor.float()? },
        "copy" => Op::Copy { dst: one_dst()?, src: cursor.var()? },
        "icmp" | "fcmp" => {
            let cc = cursor.word();
            let dst = one_dst()?;
            let (lhs, rhs) = two_operands(cursor)?;
            if name == "icmp" {
                Op::Icmp {
                    cc: lookup(&INT_CCS, cc).ok_or_else(|| format!("unknown int condition {cc:?}"))?,
                    dst,
                    lhs,
                    rhs,
                }
            } else {
                Op::Fcmp {
                    cc: lookup(&FLOAT_CCS, cc).ok_or_else(|| format!("unknown float condition {cc:?}"))?,
                    dst,
                    lhs,
                    rhs,
                }
            }
        }
        "select" => {
            let dst = one_dst()?;
            let cond = cursor.var()?;
            cursor.expect(",")?;
            let (if_true, if_false) = two_operands(cursor)?;
            Op::Select { dst, cond, if_true, if_false }
        }
        "load" => {
            let (addr, offset) = cursor.address()?;
            Op::Load { dst: one_dst()?, addr, offset }
        }
        "call_helper" => {
            let helper = cursor.name()?;
            Op::CallHelper { dst: one_dst()?, helper, args: cursor.arguments()? }
        }
        "call" => {
            let (callee, name) = if cursor.rest().starts_with('"') {
                (u32::MAX, Some(cursor.quoted()?))
            } else {
                let word = cursor.word();
                let index = word.strip_prefix("fn").and_then(|n| n.parse().ok());
                (index.ok_or_else(|| format!("expected a callee (\"name\" or fnN), got {word:?}"))?, None)
            };
            return Ok((Op::Call { dsts, callee, args: cursor.arguments()? }, name));
        }
        "poll_pending" => Op::PollPending { dst: one_dst()? },
        "depth" => Op::Depth { dst: one_dst()? },
        _ => {
            if let Some(op) = lookup(&UNARY_OPS, name) {
                Op::Unary { op, dst: one_dst()?, arg: cursor.var()? }
            } else if let Some(op) = lookup(&BINARY_OPS, name) {
                let (lhs, rhs) = two_operands(cursor)?;
                Op::Binary { op, dst: one_dst()?, lhs, rhs }
            } else if let Some(op) = lookup(&OVERFLOW_OPS, name) {
                let [dst, overflow] = dsts.as_slice() else {
                    return Err(format!("{name} defines two vars (result, overflow)"));
                };
                let (lhs, rhs) = two_operands(cursor)?;
                Op::Overflow { op, dst: *dst, overflow: *overflow, lhs, rhs }
            } else {
                return Err(format!("unknown instruction {name:?}"));
            }
        }
    };
    Ok((op, None))
}

/// A position in one line of text.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor { text, pos: 0 }
    }

    /// The unread text, from its first non-blank character.
    fn rest(&mut self) -> &'a str {
        let rest = &self.text[self.pos..];
        let trimmed = rest.trim_start();
        self.pos += rest.len() - trimmed.len();
        trimmed
    }

    fn at_end(&mut self) -> bool {
        self.rest().is_empty()
    }

    fn end(&mut self) -> Result<()> {
        match self.rest() {
            "" => Ok(()),
            rest => Err(format!("unexpected {rest:?}")),
        }
    }

    fn eat(&mut self, token: &str) -> bool {
        let found = self.rest().starts_with(token);
        if found {
            self.pos += token.len();
        }
        found
    }

    /// Eats `word` when it is a whole word (not the start of a longer one).
    fn eat_word(&mut self, word: &str) -> bool {
        let rest = self.rest();
        let whole = rest
            .strip_prefix(word)
            .is_some_and(|after| !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'));
        if whole {
            self.pos += word.len();
        }
        whole
    }

    fn expect(&mut self, token: &str) -> Result<()> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(format!("expected {token:?}, got {:?}", self.rest()))
        }
    }

    /// A run of letters, digits, `_`, `.`, `-`, `+` and `?` (possibly empty).
    fn word(&mut self) -> &'a str {
        let rest = self.rest();
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '+' | '?')))
            .unwrap_or(rest.len());
        self.pos += len;
        &rest[..len]
    }

    /// A mnemonic and its `.type` annotation (`Some(None)` for `.?`).
    fn mnemonic(&mut self) -> Result<(&'a str, Option<Option<MType>>)> {
        let word = self.word();
        match word.split_once('.') {
            None => Ok((word, None)),
            Some((name, "?")) => Ok((name, Some(None))),
            Some((name, ty)) => {
                Ok((name, Some(Some(MType::from_name(ty).ok_or_else(|| format!("unknown type {ty:?}"))?))))
            }
        }
    }

    fn type_or_unknown(&mut self) -> Result<Option<MType>> {
        match self.word() {
            "?" => Ok(None),
            word => MType::from_name(word).map(Some).ok_or_else(|| format!("unknown type {word:?}")),
        }
    }

    fn digits_after(&mut self, prefix: &str, what: &str) -> Result<u32> {
        let rest = self.rest();
        let digits = rest.strip_prefix(prefix).map_or("", |after| {
            let len = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
            &after[..len]
        });
        let number = digits.parse().map_err(|_| format!("expected {what}, got {rest:?}"))?;
        self.pos += prefix.len() + digits.len();
        Ok(number)
    }

    fn var(&mut self) -> Result<Var> {
        self.digits_after("v", "a var (vN)").map(Var)
    }

    fn block(&mut self) -> Result<Block> {
        self.digits_after("block", "a block (blockN)").map(Block)
    }

    /// `N:` where N must be `expected` (table entries are printed in order).
    fn expect_index(&mut self, expected: usize, what: &str) -> Result<()> {
        let index = self.digits_after("", "an index")?;
        if index as usize != expected {
            return Err(format!("expected {what} {expected}, got {index}"));
        }
        self.expect(":")
    }

    fn number<T: std::str::FromStr>(&mut self) -> Result<T> {
        let word = self.word();
        word.parse().map_err(|_| format!("expected a number, got {word:?}"))
    }

    /// A float as `{:?}` prints it, or its bits in hex.
    fn float(&mut self) -> Result<f64> {
        let word = self.word();
        match word.strip_prefix("0x") {
            Some(hex) => {
                u64::from_str_radix(hex, 16).map(f64::from_bits).map_err(|_| format!("bad float bits {word:?}"))
            }
            None => word.parse().map_err(|_| format!("expected a float, got {word:?}")),
        }
    }

    /// A string as `{:?}` prints it.
    fn quoted(&mut self) -> Result<String> {
        if !self.rest().starts_with('"') {
            return Err(format!("expected a quoted string, got {:?}", self.rest()));
        }
        match parse_const_prefix(self.rest())? {
            (crate::ir::Const::Str(s), used) => {
                self.pos += used;
                Ok(s)
            }
            _ => Err("expected a quoted string".into()),
        }
    }

    /// A helper or exception name, bare or quoted.
    fn name(&mut self) -> Result<String> {
        if self.rest().starts_with('"') {
            return self.quoted();
        }
        let rest = self.rest();
        let len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.'))).unwrap_or(rest.len());
        let name = &rest[..len];
        if !is_bare_name(name) {
            return Err(format!("expected a name, got {rest:?}"));
        }
        self.pos += len;
        Ok(name.to_owned())
    }

    /// `v1, v2, ...` (at least one).
    fn var_list(&mut self) -> Result<Vec<Var>> {
        let mut vars = vec![self.var()?];
        while self.eat(",") {
            vars.push(self.var()?);
        }
        Ok(vars)
    }

    /// `(v1, v2)` or `()`.
    fn arguments(&mut self) -> Result<Vec<Var>> {
        self.expect("(")?;
        if self.eat(")") {
            return Ok(Vec::new());
        }
        let args = self.var_list()?;
        self.expect(")")?;
        Ok(args)
    }

    /// `v0+8`, `v0-8`.
    fn address(&mut self) -> Result<(Var, i32)> {
        let addr = self.var()?;
        if !self.rest().starts_with(['+', '-']) {
            return Err(format!("expected an offset (+N or -N), got {:?}", self.rest()));
        }
        Ok((addr, self.number()?))
    }

    /// `deopt N`, `raise N`, `status Name`, `tier_up blockN`.
    fn exit(&mut self) -> Result<Exit> {
        if self.eat_word("tier_up") {
            Ok(Exit::TierUp(self.block()?))
        } else if self.eat_word("deopt") {
            Ok(Exit::Deopt(self.number()?))
        } else if self.eat_word("raise") {
            Ok(Exit::Raise(self.number()?))
        } else if self.eat_word("status") {
            let word = self.word();
            statuses()
                .find(|s| format!("{s:?}") == word)
                .map(Exit::Status)
                .ok_or_else(|| format!("unknown status {word:?}"))
        } else {
            Err(format!("expected an exit (deopt N, raise N, status Name, tier_up blockN), got {:?}", self.rest()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::print::{BINARY_OPS, FLOAT_CCS, INT_CCS, OVERFLOW_OPS, UNARY_OPS};
    use super::*;
    use crate::ir::Const;
    use MType::{Ptr, F64, I1, I64, I8};

    fn inst(op: Op, line: u32) -> Inst {
        Inst { op, line }
    }

    const GOLDEN: &str = r#"deopt 0: "an int left 64 bits" line 3
raise 0: ValueError("x must be positive")
str 0: "key"
str 1: "odd \"quoted\"\né"

function "f(int64, int64)"(v0: i64, v1: i64) -> i64
  vars v2: i64, v3: i1, v4: f64, v5: f64
block0:
  ; line 3
  v2, v3 = sadd_overflow v0, v1
  exit_if v3, deopt 0
  v4 = fcvt_from_sint.f64 v2
  v5 = call_helper pynum_float_mod(v4, v4)
  store.f64 v5, v0+8
  ; line 4
  v2 = call "g(int64)"(v2)
  brif v3, block1, block2
block1:
  exit raise 0
block2:
  ; line 5
  return v2

function "g(int64)"(v0: i64) -> i64
block0:
  return v0
"#;

    fn golden_module() -> Module {
        let v = Var;
        let f = Function {
            name: "f(int64, int64)".into(),
            params: vec![v(0), v(1)],
            results: vec![I64],
            vars: vec![I64, I64, I64, I1, F64, F64],
            blocks: vec![
                BlockData {
                    insts: vec![
                        inst(Op::Overflow { op: OverflowOp::Sadd, dst: v(2), overflow: v(3), lhs: v(0), rhs: v(1) }, 3),
                        inst(Op::ExitIf { cond: v(3), exit: Exit::Deopt(0) }, 3),
                        inst(Op::Unary { op: UnaryOp::FcvtFromSint, dst: v(4), arg: v(2) }, 3),
                        inst(Op::CallHelper { dst: v(5), helper: "pynum_float_mod".into(), args: vec![v(4), v(4)] }, 3),
                        inst(Op::Store { value: v(5), addr: v(0), offset: 8 }, 3),
                        inst(Op::Call { dsts: vec![v(2)], callee: 1, args: vec![v(2)] }, 4),
                    ],
                    terminator: Terminator::Brif { cond: v(3), then: Block(1), otherwise: Block(2) },
                    terminator_line: 4,
                },
                BlockData { insts: vec![], terminator: Terminator::Exit(Exit::Raise(0)), terminator_line: 4 },
                BlockData { insts: vec![], terminator: Terminator::Return(vec![v(2)]), terminator_line: 5 },
            ],
        };
        let g = Function {
            name: "g(int64)".into(),
            params: vec![v(0)],
            results: vec![I64],
            vars: vec![I64],
            blocks: vec![BlockData { insts: vec![], terminator: Terminator::Return(vec![v(0)]), terminator_line: 0 }],
        };
        Module {
            functions: vec![f, g],
            raises: vec![("ValueError".into(), vec![Const::Str("x must be positive".into())])],
            deopt_sites: vec![("an int left 64 bits".into(), 3)],
            strings: vec!["key".into(), "odd \"quoted\"\n\u{e9}".into()],
        }
    }

    #[test]
    fn golden_module_prints_and_parses_exactly() {
        let module = golden_module();
        assert_eq!(module.to_string(), GOLDEN);
        assert_eq!(parse_module(GOLDEN), Ok(module.clone()));
        assert_eq!(verify(&module), Ok(()));
    }

    #[test]
    fn damaged_text_gives_errors_not_panics() {
        let text = every_op_module().to_string();
        let lines: Vec<&str> = text.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            for (cut, _) in line.char_indices().skip(1) {
                let damaged: Vec<&str> =
                    lines.iter().enumerate().map(|(i, l)| if i == index { &line[..cut] } else { *l }).collect();
                // Either result is fine; reaching here without a panic is the test.
                let _ = parse_module(&damaged.join("\n"));
            }
        }
        let cases: &[(&str, bool)] = &[
            ("", true),
            ("\n\n", true),
            ("; a comment\n", true),
            ("function", false),
            ("function \"\u{1F600}\"(v0: \u{e9})", false),
            ("function \"f\"()\nblock0:\n  v0 = fconst 0xzz\n", false),
            ("function \"f\"()\nblock0:\n  exit deopt 99999999999\n", false),
        ];
        for (text, parses) in cases {
            assert_eq!(parse_module(text).is_ok(), *parses, "{text:?}: {:?}", parse_module(text));
        }
    }

    /// A module using every op, condition, exit and terminator, built by walking the tables.
    fn every_op_module() -> Module {
        let v = Var;
        let mut insts = Vec::new();
        let mut push = |op: Op| insts.push(inst(op, 7));
        // v0 i64, v1 i64, v2 f64, v3 f64, v4 i1, v5 i8, v6 ptr, v7 i64, v8 f64, v9 i1
        push(Op::Iconst { dst: v(0), value: i64::MIN });
        push(Op::Iconst { dst: v(5), value: -1 });
        push(Op::Iconst { dst: v(6), value: 4096 });
        push(Op::Fconst { dst: v(2), value: 0.1 });
        push(Op::Fconst { dst: v(2), value: -0.0 });
        push(Op::Fconst { dst: v(2), value: f64::INFINITY });
        push(Op::Fconst { dst: v(2), value: f64::NEG_INFINITY });
        push(Op::Fconst { dst: v(2), value: 1e300 });
        push(Op::Fconst { dst: v(2), value: 5e-324 });
        push(Op::Copy { dst: v(7), src: v(0) });
        for (op, _) in UNARY_OPS {
            let (dst, arg) = match op {
                UnaryOp::Uextend => (v(7), v(5)),
                UnaryOp::Ireduce => (v(5), v(7)),
                UnaryOp::FcvtFromSint | UnaryOp::Bitcast => (v(8), v(7)),
                UnaryOp::FcvtToSintSat => (v(7), v(8)),
                UnaryOp::Ineg | UnaryOp::Bnot | UnaryOp::Iabs => (v(7), v(0)),
                _ => (v(8), v(2)),
            };
            push(Op::Unary { op, dst, arg });
        }
        for (op, name) in BINARY_OPS {
            let (dst, lhs, rhs) = if name.starts_with('f') { (v(8), v(2), v(3)) } else { (v(7), v(0), v(1)) };
            push(Op::Binary { op, dst, lhs, rhs });
        }
        for (op, _) in OVERFLOW_OPS {
            push(Op::Overflow { op, dst: v(7), overflow: v(9), lhs: v(0), rhs: v(1) });
        }
        for (cc, _) in INT_CCS {
            push(Op::Icmp { cc, dst: v(9), lhs: v(0), rhs: v(1) });
        }
        for (cc, _) in FLOAT_CCS {
            push(Op::Fcmp { cc, dst: v(9), lhs: v(2), rhs: v(3) });
        }
        push(Op::Select { dst: v(7), cond: v(9), if_true: v(0), if_false: v(1) });
        push(Op::Load { dst: v(5), addr: v(6), offset: -16 });
        push(Op::Load { dst: v(8), addr: v(0), offset: 0 });
        push(Op::Store { value: v(4), addr: v(6), offset: i32::MAX });
        push(Op::CallHelper { dst: v(6), helper: "pynum_list_new".into(), args: vec![v(0)] });
        push(Op::Call { dsts: vec![v(7), v(9)], callee: 0, args: vec![v(0), v(1), v(2), v(3)] });
        push(Op::Call { dsts: vec![], callee: 1, args: vec![] });
        for status in super::super::print::statuses() {
            push(Op::ExitIf { cond: v(9), exit: Exit::Status(status) });
        }
        push(Op::ExitIf { cond: v(9), exit: Exit::Deopt(0) });
        push(Op::ExitIf { cond: v(9), exit: Exit::Raise(1) });
        push(Op::PollPending { dst: v(4) });
        push(Op::Depth { dst: v(7) });
        let block = |insts, terminator, terminator_line| BlockData { insts, terminator, terminator_line };
        let f = Function {
            name: "every op".into(),
            params: vec![v(0), v(1), v(2), v(3)],
            results: vec![I64, I1],
            vars: vec![I64, I64, F64, F64, I1, I8, Ptr, I64, F64, I1],
            blocks: vec![
                block(insts, Terminator::Brif { cond: v(9), then: Block(1), otherwise: Block(2) }, 8),
                block(vec![], Terminator::Jump(Block(3)), 8),
                block(vec![], Terminator::Exit(Exit::Deopt(1)), 0),
                block(vec![inst(Op::Depth { dst: v(7) }, 9)], Terminator::Return(vec![v(7), v(9)]), 9),
            ],
        };
        let g = Function {
            name: "no results".into(),
            params: vec![],
            results: vec![],
            vars: vec![],
            blocks: vec![
                block(vec![], Terminator::Return(vec![]), 1),
                block(vec![], Terminator::Exit(Exit::Raise(0)), 1),
            ],
        };
        Module {
            functions: vec![f, g],
            raises: vec![
                ("ValueError".into(), vec![]),
                (
                    "odd name(".into(),
                    vec![
                        Const::Int(1),
                        Const::Float(-2.5),
                        Const::None,
                        Const::Tuple(vec![Const::Bool(true)]),
                        Const::Bytes(vec![0, b'"']),
                    ],
                ),
            ],
            strings: vec![],
            deopt_sites: vec![
                ("plain".into(), 1),
                ("quote \" backslash \\ newline \n tab \t é 😀 \u{1b}".into(), u32::MAX),
            ],
        }
    }

    #[test]
    fn every_op_round_trips() {
        let module = every_op_module();
        let text = module.to_string();
        let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(parsed, module, "{text}");
        assert_eq!(parsed.to_string(), text);
        for name in BINARY_OPS
            .iter()
            .map(|(_, n)| *n)
            .chain(UNARY_OPS.iter().map(|(_, n)| *n))
            .chain(OVERFLOW_OPS.iter().map(|(_, n)| *n))
        {
            assert!(text.contains(&format!(" {name} ")) || text.contains(&format!(" {name}.")), "{name} missing");
        }
        for line in [
            "  v0 = iconst.i64 -9223372036854775808",
            "  v5 = iconst.i8 -1",
            "  v2 = fconst -inf",
            "  v2 = fconst 5e-324",
            "  v5 = load.i8 v6-16",
            "  store.i1 v4, v6+2147483647",
            "  v7, v9 = call \"every op\"(v0, v1, v2, v3)",
            "  call \"no results\"()",
            "  exit_if v9, status ZeroDivision",
            "  v7, v9 = smul_overflow v0, v1",
            "  v9 = fcmp uge v2, v3",
            "  v9 = icmp sge v0, v1",
            "  ; line 0",
            "function \"no results\"()",
            "  vars v4: i1, v5: i8, v6: ptr, v7: i64, v8: f64, v9: i1",
            "raise 1: \"odd name(\"(1, -2.5, None, (True,), b\"\\x00\\\"\")",
        ] {
            assert!(text.contains(line), "{line:?} missing from\n{text}");
        }
    }

    #[test]
    fn odd_modules_round_trip() {
        let v = Var;
        let func = |name: &str, params: Vec<Var>, vars: Vec<MType>, insts: Vec<Inst>| Function {
            name: name.into(),
            params,
            results: vec![F64],
            vars,
            blocks: vec![BlockData { insts, terminator: Terminator::Return(vec![v(9)]), terminator_line: 0 }],
        };
        let nan = f64::from_bits(0x7ff8_0000_0000_0001);
        let module = Module {
            functions: vec![
                func(
                    "twin",
                    vec![v(0), v(0), v(7)],
                    vec![I64, F64],
                    vec![
                        inst(Op::Fconst { dst: v(1), value: nan }, 2),
                        inst(Op::Call { dsts: vec![v(12)], callee: 1, args: vec![] }, 2),
                        inst(Op::Call { dsts: vec![], callee: 99, args: vec![v(0)] }, 0),
                        inst(Op::CallHelper { dst: v(1), helper: "no such helper!".into(), args: vec![] }, 0),
                        inst(Op::Load { dst: v(8), addr: v(0), offset: 0 }, 0),
                    ],
                ),
                func("twin", vec![], vec![], vec![]),
                Function { name: String::new(), params: vec![], results: vec![], vars: vec![F64], blocks: vec![] },
            ],
            raises: vec![],
            deopt_sites: vec![],
            strings: vec![],
        };
        let text = module.to_string();
        for line in [
            "function \"twin\"(v0: i64, v0: i64, v7: ?) -> f64",
            "  v12 = call fn1()",
            "  call fn99(v0)",
            "  v1 = fconst 0x7ff8000000000001",
            "  v1 = call_helper \"no such helper!\"()",
            "  v8 = load.? v0+0",
            "function \"\"()\n  vars v0: f64\n",
        ] {
            assert!(text.contains(line), "{line:?} missing from\n{text}");
        }
        let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(parsed.to_string(), text);
        let Op::Fconst { value, .. } = parsed.functions[0].blocks[0].insts[0].op else { panic!("not an fconst") };
        assert_eq!(value.to_bits(), nan.to_bits());
        // NaN aside (it is not equal to itself), the module is the same.
        let mut without_nan = module.clone();
        without_nan.functions[0].blocks[0].insts.remove(0);
        let mut parsed = parsed;
        parsed.functions[0].blocks[0].insts.remove(0);
        assert_eq!(parsed, without_nan);
    }

    #[test]
    fn a_lone_function_prints_callees_by_index() {
        let text = golden_module().functions[0].to_string();
        assert!(text.contains("  v2 = call fn1(v2)"), "{text}");
    }

    fn error_of(text: &str) -> ParseError {
        parse_module(text).expect_err("the text should not parse")
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        let header = "function \"f\"(v0: i64) -> i64\n";
        let cases: &[(&str, usize, &str)] = &[
            ("block0:\n  return v0\n", 1, "expected a table entry or a function"),
            ("function \"f\"(v0: i64)\nblock1:\n  return\n", 2, "expected block0:"),
            ("function \"f\"(v0: i64)\nblock0:\n  v0 = iadd v0\n", 3, "expected \",\""),
            ("function \"f\"(v0: i64)\nblock0:\n  v0 = frobnicate v0\n", 3, "unknown instruction \"frobnicate\""),
            ("function \"f\"(v0: i64)\nblock0:\n  v0 = iconst.i8 1\n", 3, "v0 is i64, not i8"),
            ("function \"f\"(v0: i64)\nblock0:\n  v0 = iconst 1\n", 3, "iconst needs a type annotation"),
            ("function \"f\"(v0: i64)\nblock0:\n  v0 = copy.i64 v0\n", 3, "copy takes no type annotation"),
            ("function \"f\"(v0: i64)\nblock0:\n  v0 = iconst.i64 1\n", 3, "has no terminator"),
            ("function \"f\"(v0: i64)\nblock0:\n  return v0 v0\n", 3, "unexpected \"v0\""),
            ("function \"f\"(v0: i64)\nblock0:\n  exit status Frobnicated\n", 3, "unknown status"),
            ("function \"f\"(v0: i64)\n  vars v2: i64\nblock0:\n  return\n", 1, "v1 is not declared"),
            ("function \"f\"(v0: i64)\n  vars v0: i64\nblock0:\n  return\n", 2, "v0 is declared twice"),
            ("function \"f\"(v0: i64)\nblock0:\n  v0 = call \"g\"()\n  return\n", 3, "no function is named \"g\""),
            ("function \"f\"(v0: i64)\nblock0:\n  ; line x\n  return\n", 3, "bad line marker"),
            ("deopt 1: \"why\" line 1\n", 1, "expected deopt site 0, got 1"),
            ("raise 0: ValueError\n", 1, "cannot read constant"),
            ("function \"f\"(v0: i64)\nblock0:\n  v1 = load.? v0\n  return\n", 3, "expected an offset"),
        ];
        for (text, line, fragment) in cases {
            let error = error_of(text);
            assert_eq!(error.line, *line, "{text:?}: {error}");
            assert!(error.message.contains(fragment), "{text:?}: {error} should mention {fragment:?}");
        }
        let twins = format!("{header}block0:\n  v0 = call \"f\"(v0)\n  return v0\n\n{header}block0:\n  return v0\n");
        assert!(error_of(&twins).message.contains("two functions are named \"f\""));
    }
}

//! Reads the IR's text form (as `print.rs` writes it) back into a [`Function`], so IR
//! files can be test inputs. Line-oriented: a function header, block headers, and one
//! statement or terminator per indented line.

use std::fmt;

use super::{BinOp, Block, BlockId, CmpOp, Const, Edge, Expr, Function, Inst, InstKind, Terminator, UnaryOp, Var};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

type Result<T> = std::result::Result<T, String>;

/// Parses one function in the printed form.
pub fn parse_function(text: &str) -> std::result::Result<Function, ParseError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines.next().ok_or(ParseError { line: 1, message: "empty input".into() })?;
    let mut func = parse_header(header).map_err(|message| ParseError { line: 1, message })?;
    let mut current: Option<Block> = None;
    let mut source_line = 0u32;
    for (index, raw) in lines {
        let err = |message: String| ParseError { line: index + 1, message };
        if let Some(body) = raw.strip_prefix("    ") {
            let body = body.trim();
            if let Some(n) = body.strip_prefix("# line ") {
                source_line = n.trim().parse().map_err(|_| err(format!("bad line marker {body:?}")))?;
                continue;
            }
            if body.starts_with('#') {
                continue;
            }
            let block = current.as_mut().ok_or_else(|| err("statement outside a block".into()))?;
            if let Some(term) = parse_terminator(body).map_err(err)? {
                block.terminator = term;
                block.terminator_line = source_line;
                func.blocks.push(current.take().expect("checked above"));
            } else {
                let kind = parse_statement(body).map_err(err)?;
                block.insts.push(Inst { kind, line: source_line });
            }
        } else {
            if current.is_some() {
                return Err(err("block without a terminator".into()));
            }
            current = Some(parse_block_header(raw.trim()).map_err(err)?);
        }
    }
    if current.is_some() {
        return Err(ParseError { line: text.lines().count(), message: "last block has no terminator".into() });
    }
    Ok(func)
}

fn parse_header(line: &str) -> Result<Function> {
    let rest = line.strip_prefix("function ").ok_or("expected `function`")?;
    let open = rest.find('(').ok_or("expected `(` after the name")?;
    let close = rest[open..].find(')').ok_or("expected `)`")? + open;
    let params = &rest[open + 1..close];
    let tail = &rest[close + 1..];
    let (flags, location) = tail.split_once(" at ").ok_or("expected ` at file:line`")?;
    let (filename, first_line) = location.rsplit_once(':').ok_or("expected `file:line`")?;
    Ok(Function {
        qualname: rest[..open].to_owned(),
        filename: filename.to_owned(),
        first_line: first_line.parse().map_err(|_| "bad first line")?,
        params: if params.is_empty() { Vec::new() } else { params.split(", ").map(str::to_owned).collect() },
        is_generator: flags.split_whitespace().any(|f| f == "generator"),
        cells: flags
            .split_whitespace()
            .find_map(|f| f.strip_prefix("cells="))
            .map(|c| c.split(',').map(str::to_owned).collect())
            .unwrap_or_default(),
        blocks: Vec::new(),
    })
}

fn parse_block_header(line: &str) -> Result<Block> {
    let line = line.strip_suffix(':').ok_or("a block header ends with `:`")?;
    let (head, unwind) = match line.split_once(" [unwind ") {
        Some((head, rest)) => (head, Some(parse_edge(rest.strip_suffix(']').ok_or("expected `]`")?)?)),
        None => (line, None),
    };
    let (head, catch_params) = match head.split_once(" [catch ") {
        Some((head, rest)) => {
            let inner = rest.strip_suffix(']').ok_or("expected `]`")?;
            (head, split_items(inner).iter().map(|s| var(s)).collect::<Result<Vec<_>>>()?)
        }
        None => (head, Vec::new()),
    };
    let edge = parse_edge(head)?;
    Ok(Block {
        id: edge.block,
        params: edge.args,
        catch_params,
        unwind,
        insts: Vec::new(),
        terminator: Terminator::Raise { exc: None, cause: None },
        terminator_line: 0,
    })
}

fn parse_edge(text: &str) -> Result<Edge> {
    let (name, args) = match text.find('(') {
        Some(open) => {
            let inner = text[open + 1..].strip_suffix(')').ok_or("expected `)`")?;
            (&text[..open], split_items(inner).into_iter().map(|s| var(&s)).collect::<Result<Vec<_>>>()?)
        }
        None => (text, Vec::new()),
    };
    let number = name.strip_prefix("block").ok_or_else(|| format!("expected a block, got {name:?}"))?;
    Ok(Edge { block: BlockId(number.parse().map_err(|_| format!("bad block {name:?}"))?), args })
}

fn parse_terminator(body: &str) -> Result<Option<Terminator>> {
    let (word, rest) = body.split_once(' ').unwrap_or((body, ""));
    Ok(Some(match word {
        "jump" => Terminator::Jump(parse_edge(rest)?),
        "branch" => {
            let items = split_items(rest);
            let [cond, then, otherwise] = items.as_slice() else {
                return Err("branch takes a condition and two targets".into());
            };
            Terminator::Branch { cond: var(cond)?, then: parse_edge(then)?, otherwise: parse_edge(otherwise)? }
        }
        "return" => Terminator::Return(var(rest)?),
        "reraise" => Terminator::Reraise(var(rest)?),
        "static_raise" => {
            let (exc, args) = rest.split_once(", ").ok_or("static_raise takes a name and a tuple")?;
            match parse_const(args)? {
                Const::Tuple(args) => Terminator::StaticRaise { exc: exc.to_owned(), args },
                _ => return Err("static_raise takes a tuple of constants".into()),
            }
        }
        "raise" if rest.is_empty() => Terminator::Raise { exc: None, cause: None },
        "raise" => match rest.split_once(" from ") {
            Some((e, c)) => Terminator::Raise { exc: Some(var(e)?), cause: Some(var(c)?) },
            None => Terminator::Raise { exc: Some(var(rest)?), cause: None },
        },
        _ => return Ok(None),
    }))
}

fn parse_statement(body: &str) -> Result<InstKind> {
    if let Some(v) = body.strip_prefix("del ") {
        return Ok(InstKind::Del(var(v)?));
    }
    if let Some(e) = body.strip_prefix("discard ") {
        return Ok(InstKind::Discard(parse_expr(e)?));
    }
    if let Some(call) = GenericOp::parse(body)? {
        if let Some(stmt) = statement_op(&call)? {
            return Ok(stmt);
        }
    }
    let (target, value) = body.split_once(" = ").ok_or_else(|| format!("cannot read {body:?}"))?;
    Ok(InstKind::Assign { target: var(target)?, value: parse_expr(value)? })
}

fn statement_op(op: &GenericOp) -> Result<Option<InstKind>> {
    Ok(Some(match op.name.as_str() {
        "setattr" => InstKind::SetAttr { obj: op.pos(0)?, value: op.pos(1)?, attr: op.word("attr")? },
        "setitem" => InstKind::SetItem { obj: op.pos(0)?, index: op.pos(1)?, value: op.pos(2)? },
        "setslice" => InstKind::SetSlice { obj: op.pos(0)?, start: op.pos(1)?, stop: op.pos(2)?, value: op.pos(3)? },
        "delattr" => InstKind::DelAttr { obj: op.pos(0)?, attr: op.word("attr")? },
        "delitem" => InstKind::DelItem { obj: op.pos(0)?, index: op.pos(1)? },
        "store_global" => InstKind::StoreGlobal { value: op.pos(0)?, name: op.word("name")? },
        "del_global" => InstKind::DelGlobal(op.word("name")?),
        "store_deref" => InstKind::StoreDeref { value: op.pos(0)?, name: op.word("name")? },
        "del_deref" => InstKind::DelDeref(op.word("name")?),
        "store_name" => InstKind::StoreName { value: op.pos(0)?, name: op.word("name")? },
        "del_name" => InstKind::DelName(op.word("name")?),
        "make_cell" => InstKind::MakeCell(op.word("name")?),
        "pop_except" => InstKind::PopExcept(op.pos(0)?),
        "setup_annotations" => InstKind::SetupAnnotations,
        _ => return Ok(None),
    }))
}

/// `name(a, b, key=value)`.
struct GenericOp {
    name: String,
    positional: Vec<String>,
    keywords: Vec<(String, String)>,
}

impl GenericOp {
    fn parse(text: &str) -> Result<Option<GenericOp>> {
        let Some(open) = text.find('(') else { return Ok(None) };
        let name = &text[..open];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c == '_') || !text.ends_with(')') {
            return Ok(None);
        }
        let mut op = GenericOp { name: name.to_owned(), positional: Vec::new(), keywords: Vec::new() };
        for item in split_items(&text[open + 1..text.len() - 1]) {
            match item.split_once('=') {
                Some((k, v)) => op.keywords.push((k.to_owned(), v.to_owned())),
                None => op.positional.push(item),
            }
        }
        Ok(Some(op))
    }
    fn pos(&self, i: usize) -> Result<Var> {
        var(self.positional.get(i).ok_or_else(|| format!("{} needs operand {}", self.name, i + 1))?)
    }
    fn vars(&self) -> Result<Vec<Var>> {
        self.positional.iter().map(|s| var(s)).collect()
    }
    fn word(&self, key: &str) -> Result<String> {
        self.keywords
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| format!("{} needs {key}=", self.name))
    }
    fn opt(&self, key: &str) -> Result<Option<Var>> {
        self.keywords.iter().find(|(k, _)| k == key).map(|(_, v)| var(v)).transpose()
    }
    fn number(&self, key: &str) -> Result<usize> {
        self.word(key)?.parse().map_err(|_| format!("{key}= takes a number"))
    }
}

fn parse_expr(text: &str) -> Result<Expr> {
    for (keyword, make) in [
        ("const ", (|s: &str| parse_const(s).map(Expr::Const)) as fn(&str) -> Result<Expr>),
        ("global ", |s| Ok(Expr::Global(s.to_owned()))),
        ("deref ", |s| Ok(Expr::Deref(s.to_owned()))),
        ("load_name ", |s| Ok(Expr::Name(s.to_owned()))),
    ] {
        if let Some(rest) = text.strip_prefix(keyword) {
            return make(rest);
        }
    }
    if let Some(op) = GenericOp::parse(text)? {
        return generic_expr(&op);
    }
    let words: Vec<&str> = text.split(' ').collect();
    match words.as_slice() {
        [single] => Ok(Expr::Var(var(single)?)),
        [lhs, op, rhs] => infix(lhs, op, rhs),
        [lhs, op1, op2, rhs] => infix(lhs, &format!("{op1} {op2}"), rhs),
        _ => Err(format!("cannot read expression {text:?}")),
    }
}

fn infix(lhs: &str, op: &str, rhs: &str) -> Result<Expr> {
    let (lhs, rhs) = (var(lhs)?, var(rhs)?);
    if let Some(cmp) = CmpOp::ALL.iter().find(|c| c.symbol() == op) {
        return Ok(Expr::Compare { op: *cmp, lhs, rhs });
    }
    if let Some(bin) = BinOp::ALL.iter().find(|b| b.symbol() == op) {
        return Ok(Expr::Binary { op: *bin, lhs, rhs });
    }
    if let Some(bin) = BinOp::ALL.iter().find(|b| op.strip_suffix('=') == Some(b.symbol())) {
        return Ok(Expr::Inplace { op: *bin, lhs, rhs });
    }
    Err(format!("unknown operator {op:?}"))
}

fn generic_expr(op: &GenericOp) -> Result<Expr> {
    let unary = |u| Ok(Expr::Unary { op: u, operand: op.pos(0)? });
    Ok(match op.name.as_str() {
        "neg" => return unary(UnaryOp::Neg),
        "pos" => return unary(UnaryOp::Pos),
        "invert" => return unary(UnaryOp::Invert),
        "not" => return unary(UnaryOp::Not),
        "bool" => Expr::Truth(op.pos(0)?),
        "call" => Expr::Call {
            func: op.pos(0)?,
            args: op.vars()?.split_off(1),
            kwargs: op.keywords.iter().map(|(k, v)| Ok((k.clone(), var(v)?))).collect::<Result<_>>()?,
        },
        "call_ex" => Expr::CallEx { func: op.pos(0)?, args: op.pos(1)?, kwargs: op.opt("kwargs")? },
        "getattr" => Expr::GetAttr { obj: op.pos(0)?, attr: op.word("attr")? },
        "getitem" => Expr::GetItem { obj: op.pos(0)?, index: op.pos(1)? },
        "getslice" => Expr::GetSlice { obj: op.pos(0)?, start: op.pos(1)?, stop: op.pos(2)? },
        "static_getitem" => Expr::StaticGetItem { obj: op.pos(0)?, index: op.number("index")? },
        "build_tuple" => Expr::BuildTuple(op.vars()?),
        "build_list" => Expr::BuildList(op.vars()?),
        "build_set" => Expr::BuildSet(op.vars()?),
        "build_map" => {
            let vars = op.vars()?;
            if vars.len() % 2 != 0 {
                return Err("build_map takes key, value pairs".into());
            }
            Expr::BuildMap(vars.chunks(2).map(|kv| (kv[0].clone(), kv[1].clone())).collect())
        }
        "build_slice" => Expr::BuildSlice(op.vars()?),
        "build_string" => Expr::BuildString(op.vars()?),
        "format" => Expr::Format {
            value: op.pos(0)?,
            conversion: op.keywords.iter().find(|(k, _)| k == "conversion").and_then(|(_, v)| v.chars().next()),
            spec: op.opt("spec")?,
        },
        "getiter" => Expr::GetIter(op.pos(0)?),
        "range_iter" => Expr::RangeIter { start: op.pos(0)?, stop: op.pos(1)?, step: op.pos(2)? },
        "iternext" => Expr::IterNext(op.pos(0)?),
        "pair_first" => Expr::PairFirst(op.pos(0)?),
        "pair_second" => Expr::PairSecond(op.pos(0)?),
        "saved_local" => Expr::SavedLocal(op.pos(0)?),
        "exhaust_iter" => Expr::ExhaustIter { value: op.pos(0)?, count: op.number("count")? },
        "unpack_ex" => Expr::UnpackEx { value: op.pos(0)?, before: op.number("before")?, after: op.number("after")? },
        "make_function" => Expr::MakeFunction {
            code: op.pos(0)?,
            defaults: op.opt("defaults")?,
            kwdefaults: op.opt("kwdefaults")?,
            closure: op.opt("closure")?,
            annotations: op.opt("annotations")?,
        },
        "yield" => Expr::Yield(op.pos(0)?),
        "import" => Expr::Import { fromlist: op.pos(0)?, level: op.pos(1)?, name: op.word("name")? },
        "import_from" => Expr::ImportFrom { module: op.pos(0)?, name: op.word("name")? },
        "intrinsic" => Expr::Intrinsic { args: op.vars()?, name: op.word("name")? },
        "list_append" => Expr::ListAppend { list: op.pos(0)?, value: op.pos(1)? },
        "list_pop" => Expr::ListPop { list: op.pos(0)? },
        "list_insert" => Expr::ListInsert { list: op.pos(0)?, index: op.pos(1)?, value: op.pos(2)? },
        "set_add" => Expr::SetAdd { set: op.pos(0)?, value: op.pos(1)? },
        "map_add" => Expr::MapAdd { map: op.pos(0)?, key: op.pos(1)?, value: op.pos(2)? },
        "list_extend" => Expr::ListExtend { list: op.pos(0)?, value: op.pos(1)? },
        "set_update" => Expr::SetUpdate { set: op.pos(0)?, value: op.pos(1)? },
        "dict_update" => Expr::DictUpdate { map: op.pos(0)?, value: op.pos(1)? },
        "dict_merge" => Expr::DictMerge { map: op.pos(0)?, value: op.pos(1)? },
        "load_special" => Expr::LoadSpecial { obj: op.pos(0)?, method: op.word("method")? },
        "build_class" => Expr::BuildClass,
        "exc_info" => Expr::ExcInfo(op.pos(0)?),
        "exc_match" => Expr::ExcMatch { exc: op.pos(0)?, ty: op.pos(1)? },
        "with_except_start" => Expr::WithExceptStart { exit: op.pos(0)?, exc: op.pos(1)? },
        "locals" => Expr::Locals,
        other => return Err(format!("unknown operation {other:?}")),
    })
}

fn var(text: &str) -> Result<Var> {
    let text = text.trim();
    if text.is_empty() || text.contains([' ', '(', ')', ',', '=']) {
        return Err(format!("expected a variable, got {text:?}"));
    }
    Ok(Var(text.to_owned()))
}

/// Splits `a, b(c, d), e` at top-level commas.
fn split_items(text: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for c in text.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                items.push(current.trim().to_owned());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        items.push(current.trim().to_owned());
    }
    items
}

/// Parses a constant as `write_const` prints it.
pub(crate) fn parse_const(text: &str) -> Result<Const> {
    let mut cursor = ConstCursor { text, pos: 0 };
    let c = cursor.constant()?;
    if cursor.pos != text.len() {
        return Err(format!("trailing text after constant: {:?}", &text[cursor.pos..]));
    }
    Ok(c)
}

/// Parses the constant at the start of `text` as `write_const` prints it: the constant and
/// how many bytes of `text` it took.
pub(crate) fn parse_const_prefix(text: &str) -> Result<(Const, usize)> {
    let mut cursor = ConstCursor { text, pos: 0 };
    let c = cursor.constant()?;
    Ok((c, cursor.pos))
}

struct ConstCursor<'a> {
    text: &'a str,
    pos: usize,
}

impl ConstCursor<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }
    fn eat(&mut self, prefix: &str) -> bool {
        if self.rest().starts_with(prefix) {
            self.pos += prefix.len();
            true
        } else {
            false
        }
    }
    fn constant(&mut self) -> Result<Const> {
        for (word, c) in [
            ("None", Const::None),
            ("True", Const::Bool(true)),
            ("False", Const::Bool(false)),
            ("Ellipsis", Const::Ellipsis),
            ("surrogate_str", Const::SurrogateStr),
        ] {
            if self.eat(word) {
                return Ok(c);
            }
        }
        if self.eat("(") {
            return Ok(Const::Tuple(self.sequence(")")?));
        }
        if self.eat("frozenset(") {
            return Ok(Const::FrozenSet(self.sequence(")")?));
        }
        if self.eat("slice(") {
            return Ok(Const::Slice(self.sequence(")")?));
        }
        if self.eat("complex(") {
            let parts = self.sequence(")")?;
            return match parts.as_slice() {
                [Const::Float(re), Const::Float(im)] => Ok(Const::Complex(*re, *im)),
                _ => Err("complex takes two floats".into()),
            };
        }
        if self.eat("<code ") {
            let mut depth = 0;
            let start = self.pos;
            for (i, c) in self.rest().char_indices() {
                match c {
                    '<' => depth += 1,
                    '>' if depth == 0 => {
                        let name = self.text[start..start + i].to_owned();
                        self.pos = start + i + 1;
                        return Ok(Const::Code(name));
                    }
                    '>' => depth -= 1,
                    _ => {}
                }
            }
            return Err("unterminated <code ...>".into());
        }
        if self.eat("b\"") {
            return self.bytes();
        }
        if self.eat("\"") {
            return self.string();
        }
        self.number()
    }
    fn sequence(&mut self, close: &str) -> Result<Vec<Const>> {
        let mut items = Vec::new();
        loop {
            if self.eat(close) {
                return Ok(items);
            }
            items.push(self.constant()?);
            self.eat(",");
            self.eat(" ");
        }
    }
    fn number(&mut self) -> Result<Const> {
        let end = self
            .rest()
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+')))
            .unwrap_or(self.rest().len());
        let word = self.rest()[..end].to_owned();
        let word = word.as_str();
        self.pos += end;
        let is_float = word.contains(['.', 'e', 'E']) || matches!(word, "inf" | "-inf" | "NaN");
        if is_float {
            word.parse::<f64>().map(Const::Float).map_err(|_| format!("bad float {word:?}"))
        } else if let Ok(i) = word.parse::<i64>() {
            Ok(Const::Int(i))
        } else if !word.is_empty() && word.trim_start_matches('-').chars().all(|c| c.is_ascii_digit()) {
            Ok(Const::BigInt(word.to_owned()))
        } else {
            Err(format!("cannot read constant {:?}", self.text))
        }
    }
    /// Reads the rest of a string printed with Rust's `{:?}`.
    fn string(&mut self) -> Result<Const> {
        let mut out = String::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += i + 1;
                    return Ok(Const::Str(out));
                }
                '\\' => match chars.next().map(|(_, c)| c) {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some('r') => out.push('\r'),
                    Some('0') => out.push('\0'),
                    Some('u') => {
                        let hex: String = chars.by_ref().map(|(_, c)| c).skip(1).take_while(|&c| c != '}').collect();
                        let code = u32::from_str_radix(&hex, 16).map_err(|_| "bad \\u escape")?;
                        out.push(char::from_u32(code).ok_or("bad code point")?);
                    }
                    Some(other) => out.push(other),
                    None => return Err("unterminated escape".into()),
                },
                c => out.push(c),
            }
        }
        Err("unterminated string".into())
    }
    fn bytes(&mut self) -> Result<Const> {
        let mut out = Vec::new();
        let rest = self.rest().as_bytes().to_vec();
        let mut i = 0;
        while i < rest.len() {
            match rest[i] {
                b'"' => {
                    self.pos += i + 1;
                    return Ok(Const::Bytes(out));
                }
                b'\\' if rest.get(i + 1) == Some(&b'x') => {
                    let hex = std::str::from_utf8(rest.get(i + 2..i + 4).ok_or("short \\x")?).map_err(|_| "bad \\x")?;
                    out.push(u8::from_str_radix(hex, 16).map_err(|_| "bad \\x")?);
                    i += 4;
                }
                b'\\' => {
                    out.push(*rest.get(i + 1).ok_or("unterminated escape")?);
                    i += 2;
                }
                b => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        Err("unterminated bytes".into())
    }
}

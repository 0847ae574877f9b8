//! Machine code as text for `--dump-asm`, shared by every backend: capstone decodes the
//! bytes a backend placed in memory, one instruction a line with its offset.
//!
//! Assumes the host architecture is the code's (x86-64 in Intel syntax, or AArch64);
//! elsewhere, or for bytes capstone cannot decode, the listing is hex.

/// Machine code as text for `--dump-asm`: one instruction a line, its offset first
/// (`   1a: add rax, rcx`), Intel syntax on x86-64, then the constants Cranelift placed
/// after the code as `data` lines; hex bytes, 16 a line, when capstone cannot
/// disassemble it (another host architecture, or bytes it does not decode).
pub fn disassemble(code: &[u8]) -> String {
    disassemble_with_capstone(code).unwrap_or_else(|| hex_lines(code, 0, ""))
}

fn disassemble_with_capstone(code: &[u8]) -> Option<String> {
    use capstone::arch::{BuildsCapstone, BuildsCapstoneSyntax, DetailsArchInsn};
    let capstone = if cfg!(target_arch = "x86_64") {
        capstone::Capstone::new()
            .x86()
            .mode(capstone::arch::x86::ArchMode::Mode64)
            .syntax(capstone::arch::x86::ArchSyntax::Intel)
            .detail(true)
            .build()
    } else if cfg!(target_arch = "aarch64") {
        capstone::Capstone::new().arm64().mode(capstone::arch::arm64::ArchMode::Arm).build()
    } else {
        return None;
    }
    .ok()?;
    let instructions = capstone.disasm_all(code, 0).ok()?;
    let mut lines = Vec::new();
    // Cranelift puts the constants a function loads (`[rip + disp]` on x86-64) after its
    // code: the lowest such address is where instructions end and data starts.
    let mut data_start = code.len();
    for insn in instructions.iter() {
        let offset = insn.address() as usize;
        if offset >= data_start {
            break;
        }
        if let Ok(detail) = capstone.insn_detail(insn) {
            if let capstone::arch::ArchDetail::X86Detail(x86) = detail.arch_detail() {
                for operand in x86.operands() {
                    if let capstone::arch::x86::X86OperandType::Mem(memory) = operand.op_type {
                        if memory.base()
                            == capstone::RegId(capstone::arch::x86::X86Reg::X86_REG_RIP as capstone::RegIdInt)
                        {
                            let target = (offset + insn.len()) as i64 + memory.disp();
                            if target > offset as i64 && (target as usize) < data_start {
                                data_start = target as usize;
                            }
                        }
                    }
                }
            }
        }
        let text = format!("{} {}", insn.mnemonic().unwrap_or("?"), insn.op_str().unwrap_or(""));
        lines.push((
            offset,
            insn.len(),
            insn.bytes().iter().all(|&b| b == 0),
            format!("{offset:>5x}: {}", text.trim_end()),
        ));
    }
    // Capstone stops at the first bytes it cannot decode: a listing that ends before the
    // code does would hide the rest.
    if lines.last().map_or(0, |&(offset, len, ..)| offset + len) < data_start {
        return None;
    }
    lines.retain(|&(offset, ..)| offset < data_start);
    // The zero bytes that align the constants decode as `add byte ptr [rax], al`.
    while lines.last().is_some_and(|&(_, _, zeros, _)| zeros) {
        lines.pop();
    }
    let mut text = lines.into_iter().map(|(.., line)| line).collect::<Vec<_>>().join("\n");
    if data_start < code.len() {
        text.push('\n');
        text.push_str(&hex_lines(&code[data_start..], data_start, "data "));
    }
    Some(text)
}

/// `bytes`, 16 a line, each line led by its offset (counted from `first_offset`) and
/// `label`.
fn hex_lines(bytes: &[u8], first_offset: usize, label: &str) -> String {
    bytes
        .chunks(16)
        .enumerate()
        .map(|(i, chunk)| {
            let hex = chunk.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ");
            format!("{:>5x}: {label}{hex}", first_offset + i * 16)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::disassemble;

    #[test]
    fn instructions_one_a_line_with_offsets() {
        // add rax, rcx; ret
        assert_eq!(disassemble(&[0x48, 0x01, 0xc8, 0xc3]), "    0: add rax, rcx\n    3: ret");
    }

    #[test]
    fn constants_after_the_code_are_data() {
        // movsd xmm0, qword ptr [rip + 8]; ret; padding; the constant 1.0 at 0x10.
        let mut code = vec![0xf2, 0x0f, 0x10, 0x05, 0x08, 0, 0, 0, 0xc3, 0, 0, 0, 0, 0, 0, 0];
        code.extend(1.0f64.to_le_bytes());
        assert_eq!(
            disassemble(&code),
            "    0: movsd xmm0, qword ptr [rip + 8]\n    8: ret\n   10: data 00 00 00 00 00 00 f0 3f"
        );
    }

    #[test]
    fn undecodable_bytes_fall_back_to_hex() {
        // A truncated `mov rax, imm64`.
        assert_eq!(disassemble(&[0x48, 0xb8, 0x01]), "    0: 48 b8 01");
    }
}

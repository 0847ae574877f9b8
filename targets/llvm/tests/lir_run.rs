//! The `# run:` lines of `jit/tests/filetests` on LLVM, against the LIR interpreter (the
//! harness is `pynum-run-lines`, shared with every backend).

fn main() {
    pynum_run_lines::main(|| vec![Box::new(pynum_llvm::Llvm::new())])
}

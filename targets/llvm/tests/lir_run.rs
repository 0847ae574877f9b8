//! What every backend must pass, on LLVM: the `# run:` lines of `jit/tests/filetests` and
//! hand-built LIR, against the LIR interpreter (the harness is `pynum-backend-tests`).

fn main() {
    pynum_backend_tests::main(|| Box::new(pynum_llvm::Llvm::new()))
}

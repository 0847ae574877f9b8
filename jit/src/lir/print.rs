//! LIR's textual form.

//! Media in: for now only [`pdf`], PDF to text (`web_fetch` uses it for PDF pages).

pub mod pdf;

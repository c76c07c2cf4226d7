//! Config diagnostics: what is wrong, where (file:line:column and key path), and how bad.

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

/// Where a value came from: a file position, or no file (defaults, environment, flags).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Location {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
}

/// One finding about a config file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: Option<PathBuf>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// Dotted key path, e.g. `router.tokenSaver.tiers.simple.model`.
    pub key: Option<String>,
    pub message: String,
}

impl Diagnostic {
    pub fn new(severity: Severity, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            file: None,
            line: None,
            column: None,
            key: None,
            message: message.into(),
        }
    }

    pub fn key(mut self, key: impl Into<String>) -> Diagnostic {
        self.key = Some(key.into());
        self
    }

    pub fn file(mut self, file: impl Into<PathBuf>) -> Diagnostic {
        self.file = Some(file.into());
        self
    }

    /// The line (and column, when known) in its file.
    pub fn line(mut self, line: usize, column: Option<usize>) -> Diagnostic {
        self.line = Some(line);
        self.column = column;
        self
    }

    pub fn at(mut self, loc: Option<&Location>) -> Diagnostic {
        if let Some(loc) = loc {
            self.file = Some(loc.file.clone());
            self.line = Some(loc.line);
            self.column = Some(loc.column);
        }
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}", file.display())?;
            if let Some(line) = self.line {
                write!(f, ":{line}")?;
                if let Some(col) = self.column {
                    write!(f, ":{col}")?;
                }
            }
            f.write_str(": ")?;
        }
        let level = match self.severity {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(f, "{level}: ")?;
        if let Some(key) = &self.key {
            write!(f, "`{key}`: ")?;
        }
        f.write_str(&self.message)
    }
}

//! The bearer token `mcp serve --http` requires: read from `--token-file`, or from
//! `<home>/serve-token`, which is generated (32 random bytes, hex, mode 0600) on first use. Like
//! ssh with a private key, a token file other users may read or write is refused.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::ServeError;
use crate::home::PilotHome;

/// The secret and the file it came from. `Debug` never shows the secret.
pub(super) struct Token {
    secret: String,
    pub(super) file: PathBuf,
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Token").field("file", &self.file).finish()
    }
}

impl Token {
    /// The token in `file`, or the PilotHome token (created when missing).
    pub(super) fn load(home: &PilotHome, file: Option<&Path>) -> Result<Token, ServeError> {
        match file {
            Some(path) => read(path),
            None => {
                let path = home.serve_token_file();
                if path.exists() {
                    return read(&path);
                }
                let bad = |e: crate::store::Error| ServeError::Token {
                    path: path.clone(),
                    message: e.to_string(),
                };
                home.ensure().map_err(|e| ServeError::Token {
                    path: path.clone(),
                    message: e.to_string(),
                })?;
                let secret: String = (0..32)
                    .map(|_| format!("{:02x}", rand::random::<u8>()))
                    .collect();
                crate::store::write_atomic(&path, format!("{secret}\n").as_bytes()).map_err(bad)?;
                Ok(Token { secret, file: path })
            }
        }
    }

    /// True when `header` (an `Authorization` value) is `Bearer <secret>`; compared in constant
    /// time.
    pub(super) fn allows(&self, header: Option<&[u8]>) -> bool {
        let Some(given) = header.and_then(|h| h.strip_prefix(b"Bearer ")) else {
            return false;
        };
        let expected = self.secret.as_bytes();
        given.len() == expected.len()
            && given
                .iter()
                .zip(expected)
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }
}

fn read(path: &Path) -> Result<Token, ServeError> {
    let mode = std::fs::metadata(path)
        .map_err(|e| ServeError::Token {
            path: path.to_owned(),
            message: e.to_string(),
        })?
        .permissions()
        .mode();
    if mode & 0o077 != 0 {
        return Err(ServeError::Token {
            path: path.to_owned(),
            message: format!(
                "its permissions ({:o}) let other users read or change the secret; run `chmod 600 \
                 {}`",
                mode & 0o777,
                path.display()
            ),
        });
    }
    let text = std::fs::read_to_string(path).map_err(|e| ServeError::Token {
        path: path.to_owned(),
        message: e.to_string(),
    })?;
    let secret = text.trim().to_owned();
    if secret.len() < 16 || secret.chars().any(char::is_whitespace) {
        return Err(ServeError::Token {
            path: path.to_owned(),
            message: "the token must be one line of at least 16 characters without spaces"
                .to_owned(),
        });
    }
    Ok(Token {
        secret,
        file: path.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_exact_bearer_token_is_allowed() {
        let token = Token {
            secret: "0123456789abcdef".to_owned(),
            file: PathBuf::new(),
        };
        assert!(token.allows(Some(b"Bearer 0123456789abcdef")));
        assert!(!token.allows(Some(b"Bearer 0123456789abcdeF")));
        assert!(!token.allows(Some(b"Bearer 0123456789abcde")));
        assert!(!token.allows(Some(b"bearer 0123456789abcdef")));
        assert!(!token.allows(Some(b"0123456789abcdef")));
        assert!(!token.allows(None));
    }
}

//! The one Server-Sent Events decoder every adapter reads through.
//!
//! Incremental: feed it whatever the socket delivered ([`SseDecoder::push`]) and it yields each
//! event as soon as its blank line arrives, never waiting for more. Lines may end in `\n`, `\r\n` or
//! `\r` and may be split anywhere across reads, including inside a multi-byte UTF-8 character.
//! [`SseDecoder::finish`] flushes an event the server did not terminate with a blank line (the
//! Anthropic SDK fixtures end that way), which is why pilotdeck has its own decoder instead of
//! `eventsource-stream`. `id:` and `retry:` fields are ignored: model streams are never resumed.

/// One decoded event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SseEvent {
    /// The `event:` field, if the server sent one.
    pub event: Option<String>,
    /// The `data:` lines joined with `\n`.
    pub data: String,
}

/// Incremental SSE decoder; see the module doc.
#[derive(Debug, Default)]
pub struct SseDecoder {
    buf: Vec<u8>,
    pending: Pending,
    started: bool,
}

#[derive(Debug, Default)]
struct Pending {
    event: Option<String>,
    data: String,
    has_data: bool,
}

impl SseDecoder {
    pub fn new() -> SseDecoder {
        SseDecoder::default()
    }

    /// Feeds bytes and appends every event they complete to `out`.
    pub fn push(&mut self, chunk: &[u8], out: &mut Vec<SseEvent>) {
        self.buf.extend_from_slice(chunk);
        if !self.started {
            if self.buf.len() < 3 && b"\xEF\xBB\xBF".starts_with(&self.buf) {
                return;
            }
            if self.buf.starts_with(b"\xEF\xBB\xBF") {
                self.buf.drain(..3);
            }
            self.started = true;
        }
        let mut start = 0;
        while let Some(rel) = self.buf[start..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
        {
            let end = start + rel;
            let next = if self.buf[end] == b'\r' {
                match self.buf.get(end + 1) {
                    // A `\r` at the end of the buffer may be half of `\r\n`: wait for more.
                    None => break,
                    Some(b'\n') => end + 2,
                    Some(_) => end + 1,
                }
            } else {
                end + 1
            };
            self.pending.line(&self.buf[start..end], out);
            start = next;
        }
        self.buf.drain(..start);
    }

    /// Ends the stream: processes an unterminated last line and dispatches a pending event.
    pub fn finish(&mut self, out: &mut Vec<SseEvent>) {
        let rest = std::mem::take(&mut self.buf);
        let rest = rest.strip_suffix(b"\r").unwrap_or(&rest);
        if !rest.is_empty() {
            self.pending.line(rest, out);
        }
        self.pending.line(b"", out);
    }
}

impl Pending {
    fn line(&mut self, line: &[u8], out: &mut Vec<SseEvent>) {
        if line.is_empty() {
            if self.has_data {
                out.push(SseEvent {
                    event: self.event.take(),
                    data: std::mem::take(&mut self.data),
                });
            }
            self.event = None;
            self.has_data = false;
            return;
        }
        if line[0] == b':' {
            return;
        }
        let (field, value) = match line.iter().position(|&b| b == b':') {
            Some(i) => {
                let value = &line[i + 1..];
                (&line[..i], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (line, &b""[..]),
        };
        match field {
            b"data" => {
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(&String::from_utf8_lossy(value));
                self.has_data = true;
            }
            b"event" => self.event = Some(String::from_utf8_lossy(value).into_owned()),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_in_pieces(input: &[u8], piece: usize) -> Vec<SseEvent> {
        let mut decoder = SseDecoder::new();
        let mut out = Vec::new();
        for chunk in input.chunks(piece) {
            decoder.push(chunk, &mut out);
        }
        decoder.finish(&mut out);
        out
    }

    #[test]
    fn split_anywhere_gives_the_same_events() {
        let input = "event: a\ndata: {\"x\":\"héllo\"}\n\n: comment\r\ndata: one\r\ndata: two\r\n\r\ndata:no-space\rdata: [DONE]\n\n".as_bytes();
        let whole = decode_in_pieces(input, input.len());
        assert_eq!(
            whole,
            vec![
                SseEvent {
                    event: Some("a".into()),
                    data: "{\"x\":\"héllo\"}".into()
                },
                SseEvent {
                    event: None,
                    data: "one\ntwo".into()
                },
                SseEvent {
                    event: None,
                    data: "no-space\n[DONE]".into()
                },
            ]
        );
        for piece in 1..input.len() {
            assert_eq!(decode_in_pieces(input, piece), whole, "piece size {piece}");
        }
    }

    #[test]
    fn last_event_without_blank_line_is_flushed() {
        let out = decode_in_pieces(b"event: message_stop\ndata: {\"type\":\"message_stop\"}", 7);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].event.as_deref(), Some("message_stop"));
        let out = decode_in_pieces(b"data: x\n", 100);
        assert_eq!(out[0].data, "x");
    }

    #[test]
    fn bom_and_event_without_data_are_ignored() {
        let out = decode_in_pieces(b"\xEF\xBB\xBFevent: ping\n\ndata: y\n\n", 1);
        assert_eq!(
            out,
            vec![SseEvent {
                event: None,
                data: "y".into()
            }]
        );
    }
}

//! `read_file` on an image or a PDF: the file is stored by reference in the session's media folder
//! and returned with the result, so the model sees it (as an image block, a document, or the PDF's
//! text, whatever the serving model takes; a model without vision gets a text preview). Files over
//! [`MAX_INPUT_BYTES`](crate::media::MAX_INPUT_BYTES) are refused.

use std::fs::File;
use std::io::Read;
use std::os::unix::fs::FileExt;
use std::path::Path;

use super::input::{blocking, display};
use crate::media::{MAX_INPUT_BYTES, MediaStore, session_media_dir};
use crate::model::MediaKind;
use crate::tools::{Error, ToolContext, ToolOutput};

/// The media kind of the open `file` by its first bytes (read in place: the file's position does
/// not move); `None` for anything else (or an unreadable file: the text reader reports that).
pub(super) fn sniff_file(file: &File) -> Option<MediaKind> {
    let mut head = [0u8; 32];
    let n = file.read_at(&mut head, 0).ok()?;
    crate::media::sniff(head.get(..n)?).map(|(kind, _)| kind)
}

pub(super) async fn read(
    ctx: &ToolContext,
    path: &Path,
    kind: MediaKind,
    mut file: File,
    size: u64,
) -> Result<ToolOutput, Error> {
    let owned = path.to_owned();
    let store = MediaStore::new(session_media_dir(ctx.transcript.as_deref(), &ctx.spill_dir));
    let (media, detail) = blocking(move || {
        if size > MAX_INPUT_BYTES {
            return Err(crate::media::Error::TooLarge {
                name: owned.display().to_string(),
                bytes: size,
                limit: MAX_INPUT_BYTES,
            }
            .into());
        }
        let mut bytes = Vec::new();
        (&mut file)
            .take(MAX_INPUT_BYTES)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("read", &owned, e))?;
        let name = owned
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let media = store.put(&name, &bytes)?;
        let detail = match kind {
            MediaKind::Image => crate::media::image::dimensions(&bytes)
                .map_or_else(String::new, |(w, h)| format!("{w}x{h} pixels, ")),
            MediaKind::Pdf => crate::media::pdf::page_count(&bytes)
                .map_or_else(|_| String::new(), |p| format!("{p} pages, ")),
        };
        Ok((media, detail))
    })
    .await?;
    ctx.read_state.record(path);
    let shown = display(ctx, path);
    let what = match kind {
        MediaKind::Image => "image",
        MediaKind::Pdf => "PDF",
    };
    let content = format!(
        "{shown} is {a} {what} ({detail}{}, {} bytes); it is attached to this result.",
        media.media_type,
        media.bytes,
        a = if kind == MediaKind::Image { "an" } else { "a" },
    );
    let mut output = ToolOutput::ok(content, format!("read {shown} ({what})"));
    output.media.push(media);
    Ok(output)
}

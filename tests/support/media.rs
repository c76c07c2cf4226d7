// Media made for tests: PNG images with the `image` crate and PDFs with `lopdf`, so no binary
// fixture is committed. Plain `std` and no inner attributes, so the library's unit tests `include!`
// this file too (`crate::test_media`).

/// A `w`×`h` PNG of noise (which compresses badly, so its size grows with its area).
pub(crate) fn noisy_png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        let v = (x.wrapping_mul(7919) ^ y.wrapping_mul(104_729)).wrapping_mul(2_654_435_761);
        image::Rgb([v as u8, (v >> 8) as u8, (v >> 16) as u8])
    });
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// A PDF with one page per entry of `pages`, each showing that line of text.
pub(crate) fn text_pdf(pages: &[&str]) -> Vec<u8> {
    use lopdf::content::{Content, Operation};
    use lopdf::{Document, Object, Stream, dictionary};

    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font_id = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Courier",
        "Encoding" => "WinAnsiEncoding",
    });
    let resources_id = doc.add_object(dictionary! {
        "Font" => dictionary! { "F1" => font_id },
    });
    let mut kids = Vec::new();
    for text in pages {
        let content = Content {
            operations: vec![
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["F1".into(), 24.into()]),
                Operation::new("Td", vec![72.into(), 700.into()]),
                Operation::new("Tj", vec![Object::string_literal(*text)]),
                Operation::new("ET", vec![]),
            ],
        };
        let content_id = doc.add_object(Stream::new(dictionary! {}, content.encode().unwrap()));
        let page_id = doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "Contents" => content_id,
        });
        kids.push(page_id.into());
    }
    saved(doc, pages_id, kids, resources_id)
}

/// `doc` with its page tree (`kids` under `pages_id`, sharing `resources`) and catalog, saved.
fn saved(
    mut doc: lopdf::Document,
    pages_id: lopdf::ObjectId,
    kids: Vec<lopdf::Object>,
    resources: lopdf::ObjectId,
) -> Vec<u8> {
    use lopdf::{Object, dictionary};

    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => count,
            "Resources" => resources,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! {
        "Type" => "Catalog",
        "Pages" => pages_id,
    });
    doc.trailer.set("Root", catalog_id);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

/// A decompression bomb: `pages` pages that all show one compressed content stream, `text` in
/// Helvetica followed by `padding` spaces. A few KB of file, `pages` times the stream decompressed.
pub(crate) fn bomb_pdf(pages: usize, text: &str, padding: usize) -> Vec<u8> {
    use lopdf::{Document, Object, Stream, dictionary};

    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font_id = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Helvetica",
        "Encoding" => "WinAnsiEncoding",
    });
    let resources_id = doc.add_object(dictionary! {
        "Font" => dictionary! { "F1" => font_id },
    });
    let mut content = format!("BT /F1 12 Tf ({text}) Tj ET").into_bytes();
    content.resize(content.len() + padding, b' ');
    let mut stream = Stream::new(dictionary! {}, content);
    stream.compress().unwrap();
    let content_id = doc.add_object(stream);
    let kids: Vec<Object> = (0..pages)
        .map(|_| {
            doc.add_object(dictionary! {
                "Type" => "Page",
                "Parent" => pages_id,
                "Contents" => content_id,
            })
            .into()
        })
        .collect();
    saved(doc, pages_id, kids, resources_id)
}

/// A PDF with one blank page and `streams` object streams, each holding one string of `len` "A"s
/// (a compressed object: about `len / 1000` bytes of file each). Loading decompresses every object
/// stream and keeps what it holds: `streams * len` bytes. Written by hand: `lopdf` writes no object
/// streams of its own.
pub(crate) fn object_stream_bomb_pdf(streams: usize, len: usize) -> Vec<u8> {
    let mut content = b"1000 0 ".to_vec();
    let first = content.len();
    content.push(b'(');
    content.resize(content.len() + len, b'A');
    content.push(b')');
    let mut stream = lopdf::Stream::new(lopdf::Dictionary::new(), content);
    stream.compress().unwrap();
    let data = stream.content;

    let mut out = b"%PDF-1.5\n".to_vec();
    let mut offsets = Vec::new();
    let mut object = |out: &mut Vec<u8>, body: &[u8]| {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", offsets.len()).as_bytes());
        out.extend_from_slice(body);
        out.extend_from_slice(b"\nendobj\n");
    };
    object(&mut out, b"<</Type/Catalog/Pages 2 0 R>>");
    object(
        &mut out,
        b"<</Type/Pages/Kids[3 0 R]/Count 1/MediaBox[0 0 595 842]>>",
    );
    object(&mut out, b"<</Type/Page/Parent 2 0 R>>");
    let mut body = format!(
        "<</Type/ObjStm/N 1/First {first}/Filter/FlateDecode/Length {}>>stream\n",
        data.len()
    )
    .into_bytes();
    body.extend_from_slice(&data);
    body.extend_from_slice(b"\nendstream");
    for _ in 0..streams {
        object(&mut out, &body);
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", offsets.len() + 1).as_bytes(),
    );
    for offset in &offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<</Size {}/Root 1 0 R>>\nstartxref\n{xref}\n%%EOF\n",
            offsets.len() + 1
        )
        .as_bytes(),
    );
    out
}

/// The start of a PNG that claims `w`×`h` pixels: its signature and header, then one empty
/// compressed block of image data (what a small file can claim; decoding it would allocate for
/// every pixel).
pub(crate) fn png_header(w: u32, h: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffff_u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(
        &mut out,
        b"IDAT",
        &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    );
    chunk(&mut out, b"IEND", &[]);
    out
}

/// [`text_pdf`] encrypted (RC4, 128-bit key) with `user_password` to open it; an empty one lets
/// any reader open it, as most "protected" PDFs do.
pub(crate) fn encrypted_pdf(pages: &[&str], user_password: &str) -> Vec<u8> {
    use lopdf::encryption::{EncryptionState, EncryptionVersion, Permissions};
    use lopdf::{Document, Object, StringFormat};

    let mut doc = Document::load_mem(&text_pdf(pages)).unwrap();
    let id = Object::String(b"0123456789abcdef".to_vec(), StringFormat::Hexadecimal);
    doc.trailer.set("ID", vec![id.clone(), id]);
    let version = EncryptionVersion::V2 {
        document: &doc,
        owner_password: "owner secret",
        user_password,
        key_length: 128,
        permissions: Permissions::default(),
    };
    let state = EncryptionState::try_from(version).unwrap();
    doc.encrypt(&state).unwrap();
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

//! PDFs made for tests: one page per given text (each line of a page's text a line on it), in a
//! standard font, so the server's reader sees real PDF structure; and an image-only PDF (pages
//! without text) and an encrypted-looking one for the refusals; and long documents of made-up
//! words ([`many_words`]), written straight as compressed content streams so millions of words
//! take seconds.

use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Document, Object, Stream};

/// A PDF whose page `i` shows `pages[i]`.
pub fn document(pages: &[&str]) -> Vec<u8> {
    build(pages, false)
}

/// A PDF of `n` pages with no text on them (as a scan's pages are images).
pub fn without_text(n: usize) -> Vec<u8> {
    build(&vec![""; n], false)
}

/// A PDF whose trailer says it is encrypted.
pub fn encrypted(pages: &[&str]) -> Vec<u8> {
    build(pages, true)
}

/// A one-page PDF with a line of text whose content stream inflates to `inflated_mb` MB (it is
/// a few MB as sent): reading it takes that much memory.
pub fn inflating(text: &str, inflated_mb: usize) -> Vec<u8> {
    use std::io::Write;
    let mut doc = Document::load_mem(&build(&[text], false)).expect("our own PDF");
    let page = *doc.get_pages().values().next().expect("one page");
    let content_id = doc
        .get_page_contents(page)
        .first()
        .copied()
        .expect("a content stream");
    let plain = doc.get_page_content(page).expect("its content");
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    z.write_all(&plain).expect("in memory");
    let spaces = vec![b' '; 1024 * 1024];
    for _ in 0..inflated_mb {
        z.write_all(&spaces).expect("in memory");
    }
    let compressed = z.finish().expect("in memory");
    doc.objects.insert(
        content_id,
        Object::Stream(Stream::new(
            dictionary! { "Filter" => "FlateDecode" },
            compressed,
        )),
    );
    let mut out = Vec::new();
    doc.save_to(&mut out).expect("a PDF in memory");
    out
}

/// The `i`th made-up word: five to eight letters, one of 1 024.
pub fn word(i: usize) -> String {
    let i = i % 1_024;
    let mut n = i;
    let mut w = String::new();
    for _ in 0..(5 + i % 4) {
        w.push(char::from(b'a' + (n % 26) as u8));
        n = n / 26 + 7;
    }
    w
}

/// A PDF of `pages` pages of `words_per_page` made-up words each (15 a line), its content
/// streams deflated: 200 pages of 20 000 words, 4 M words, are about 11 MB.
pub fn many_words(pages: usize, words_per_page: usize) -> Vec<u8> {
    use std::io::Write;
    let mut pdf = Pdf::new();
    // A fixed linear congruential sequence: the same document every run.
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..pages {
        let mut text = b"BT /F1 11 Tf 14 TL 50 780 Td\n".to_vec();
        for line in 0..words_per_page.div_ceil(15) {
            text.push(b'(');
            for k in 0..15.min(words_per_page - line * 15) {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                if k > 0 {
                    text.push(b' ');
                }
                text.extend(word((seed >> 33) as usize).as_bytes());
            }
            text.extend(b") Tj T*\n");
        }
        text.extend(b"ET\n");
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(&text).expect("in memory");
        pdf.add_page(Stream::new(
            dictionary! { "Filter" => "FlateDecode" },
            z.finish().expect("in memory"),
        ));
    }
    pdf.finish(false)
}

/// A line in the font's WinAnsi encoding: Latin-1 letters (accents of Spanish and Portuguese)
/// as their one byte, anything else outside it as `?`.
fn win_ansi(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

fn build(pages: &[&str], encrypted: bool) -> Vec<u8> {
    let mut pdf = Pdf::new();
    for text in pages {
        // Each line its own text object at its own height, as word processors write them
        // (the server's reader keeps the line break between text objects).
        let mut operations = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let y = 780 - 14 * i64::try_from(i).unwrap_or(0);
            operations.extend([
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["F1".into(), 11.into()]),
                Operation::new("Td", vec![50.into(), y.into()]),
                Operation::new("Tj", vec![Object::string_literal(win_ansi(line))]),
                Operation::new("ET", vec![]),
            ]);
        }
        let content = Content { operations };
        pdf.add_page(Stream::new(
            dictionary! {},
            content.encode().expect("a content stream"),
        ));
    }
    pdf.finish(encrypted)
}

/// A document being written: one font (Helvetica, WinAnsi) for every page, A4 pages.
struct Pdf {
    doc: Document,
    pages_id: lopdf::ObjectId,
    resources_id: lopdf::ObjectId,
    kids: Vec<Object>,
}

impl Pdf {
    fn new() -> Pdf {
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
        Pdf {
            doc,
            pages_id,
            resources_id,
            kids: Vec::new(),
        }
    }

    /// Adds a page drawn by `content`.
    fn add_page(&mut self, content: Stream) {
        let content_id = self.doc.add_object(content);
        let page_id = self.doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => self.pages_id,
            "Contents" => content_id,
        });
        self.kids.push(page_id.into());
    }

    /// The document's bytes; `encrypted` marks it encrypted (with the empty user password),
    /// which the server must refuse.
    fn finish(mut self, encrypted: bool) -> Vec<u8> {
        let doc = &mut self.doc;
        let count = self.kids.len() as i64;
        doc.objects.insert(
            self.pages_id,
            Object::Dictionary(dictionary! {
                "Type" => "Pages",
                "Kids" => self.kids,
                "Count" => count,
                "Resources" => self.resources_id,
                "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
            }),
        );
        let catalog_id = doc.add_object(dictionary! {
            "Type" => "Catalog",
            "Pages" => self.pages_id,
        });
        doc.trailer.set("Root", catalog_id);
        if encrypted {
            let enc = doc.add_object(dictionary! {
                "Filter" => "Standard",
                "V" => 1,
                "R" => 2,
                "O" => Object::string_literal(vec![0u8; 32]),
                "U" => Object::string_literal(vec![0u8; 32]),
                "P" => -4,
            });
            doc.trailer.set("Encrypt", enc);
        }
        let mut out = Vec::new();
        doc.save_to(&mut out).expect("a PDF in memory");
        out
    }
}

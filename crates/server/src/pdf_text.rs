//! One page's text from its content stream. lopdf's own `extract_text` ends a line only at the
//! end of a text object, so a page whose lines are moved with `Td`/`T*` inside one object (most
//! producers write it so) comes out with the last word of a line glued to the first of the next
//! ("refundsWithin"), and one font it cannot decode loses the whole page. Here every operator
//! that starts a new line (`Td`, `TD`, `T*`, `Tm`, `'`, `"`) and every text object ends a line,
//! and text in a font that cannot be decoded is skipped alone.

use lopdf::content::Content;
use lopdf::{Document, Encoding, Object, ObjectId};
use std::collections::BTreeMap;

/// The page's text, one line per text line of the page (best effort: never fails).
pub fn page_text(doc: &Document, page_id: ObjectId) -> String {
    let encodings: BTreeMap<Vec<u8>, Encoding> = doc
        .get_page_fonts(page_id)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(name, font)| font.get_font_encoding(doc).ok().map(|e| (name, e)))
        .collect();
    let Ok(data) = doc.get_page_content(page_id) else {
        return String::new();
    };
    let Ok(content) = Content::decode(&data) else {
        return String::new();
    };
    let mut text = String::new();
    let mut encoding: Option<&Encoding> = None;
    for op in &content.operations {
        match op.operator.as_str() {
            "Tf" => {
                encoding = op
                    .operands
                    .first()
                    .and_then(|o| o.as_name().ok())
                    .and_then(|name| encodings.get(name));
            }
            "Td" | "TD" | "T*" | "Tm" | "ET" => new_line(&mut text),
            "Tj" | "TJ" => show(&mut text, encoding, &op.operands),
            // `'` moves to the next line then shows its string; `"` also sets spacing first.
            "'" => {
                new_line(&mut text);
                show(&mut text, encoding, &op.operands);
            }
            "\"" => {
                new_line(&mut text);
                show(
                    &mut text,
                    encoding,
                    op.operands.get(2..).unwrap_or_default(),
                );
            }
            _ => {}
        }
    }
    text
}

fn new_line(text: &mut String) {
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
}

/// Appends the strings of a text-showing operator; a large negative kerning step (a gap wider
/// than a tenth of the font size) is a space between words.
fn show(text: &mut String, encoding: Option<&Encoding>, operands: &[Object]) {
    let Some(encoding) = encoding else {
        return;
    };
    for operand in operands {
        match operand {
            Object::String(bytes, _) => {
                if let Ok(s) = Document::decode_text(encoding, bytes) {
                    text.push_str(&s);
                }
            }
            Object::Array(items) => show(text, Some(encoding), items),
            Object::Integer(i) if *i < -100 => text.push(' '),
            Object::Real(r) if *r < -100.0 => text.push(' '),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::content::Operation;
    use lopdf::{dictionary, Stream};

    /// A one-page PDF whose lines are all in one text object, moved with `Td`, `T*` and `'`, in
    /// a WinAnsi font — how most producers write a paragraph.
    fn one_object_page() -> Vec<u8> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let font_id = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica",
            "Encoding" => "WinAnsiEncoding",
        });
        let resources_id = doc.add_object(dictionary! {
            "Font" => dictionary! { "F1" => font_id },
        });
        let s = |t: &str| Object::string_literal(t);
        let content = Content {
            operations: vec![
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["F1".into(), 12.into()]),
                Operation::new("TL", vec![14.into()]),
                Operation::new("Td", vec![72.into(), 720.into()]),
                Operation::new("Tj", vec![s("Refunds are accepted within")]),
                Operation::new("Td", vec![0.into(), (-14).into()]),
                Operation::new("Tj", vec![s("45 days of delivery.")]),
                Operation::new("T*", vec![]),
                Operation::new(
                    "TJ",
                    vec![Object::Array(vec![
                        s("Shipping"),
                        (-250).into(),
                        s("is free."),
                    ])],
                ),
                Operation::new("'", vec![s("Call us.")]),
                Operation::new("ET", vec![]),
            ],
        };
        let content_id = doc.add_object(Stream::new(dictionary! {}, content.encode().unwrap()));
        let page_id = doc.add_object(dictionary! {
            "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
            "Resources" => resources_id, "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
        });
        doc.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! {
                "Type" => "Pages", "Kids" => vec![page_id.into()], "Count" => 1,
            }),
        );
        let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalog_id);
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    #[test]
    fn lines_moved_inside_one_text_object_are_not_glued_together() {
        let doc = Document::load_mem(&one_object_page()).unwrap();
        let page = *doc.get_pages().values().next().unwrap();
        let text = page_text(&doc, page);
        assert_eq!(
            text.lines().collect::<Vec<_>>(),
            vec![
                "Refunds are accepted within",
                "45 days of delivery.",
                "Shipping is free.",
                "Call us.",
            ],
            "{text:?}"
        );
        // What lopdf's own reader makes of the same page: the words glued.
        assert!(doc.extract_text(&[1]).unwrap().contains("within45"));
    }
}

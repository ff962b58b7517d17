//! Finding the passages that answer a question (issue #24), apart from the knowledge base's
//! routes: the question's terms (every form each may be indexed under) are looked up in the
//! store's inverted index, `domain::kb::rank` keeps the passages holding the question's
//! distinctive terms, their texts are read once for the phrase bonus and the highlights, and
//! the best [`domain::kb::MAX_CITATIONS`] become citations. An empty answer is "not found".

use crate::error::AppError;
use crate::state::AppState;
use contract::kb::Citation;

/// The passages that answer `question` in the organisation's documents, best first.
pub async fn search(
    state: &AppState,
    org_id: i64,
    question: &str,
) -> Result<Vec<Citation>, AppError> {
    let concepts = domain::kb::question(question);
    if concepts.is_empty() {
        return Ok(Vec::new());
    }
    let forms = domain::kb::forms(&concepts);
    let found = store::kb::candidates(&state.store, org_id, &forms).await?;
    let candidates: Vec<domain::kb::Candidate> = found
        .hits
        .into_iter()
        .map(|(passage_id, length, matches)| domain::kb::Candidate {
            passage_id,
            length,
            matches,
        })
        .collect();
    let shortlist = domain::kb::rank(
        &concepts,
        &candidates,
        &found.df,
        found.passages,
        found.avg_length,
    );
    let ids: Vec<i64> = shortlist.iter().map(|r| r.passage_id).collect();
    let rows = store::kb::passages_with_documents(&state.store, org_id, &ids).await?;
    let text_of = |id: i64| rows.iter().find(|(p, _)| p.id == id);
    let best = domain::kb::finish(shortlist, |id| {
        text_of(id).map_or(0.0, |(p, _)| domain::kb::phrase_bonus(&concepts, &p.text))
    });
    Ok(best
        .iter()
        .filter_map(|r| text_of(r.passage_id))
        .map(|(p, d)| Citation {
            document_id: d.id,
            document_name: d.name.clone(),
            page: p.page,
            highlights: domain::kb::highlights(&p.text, &concepts),
            passage: p.text.clone(),
            url: format!(
                "/api/kb/documents/{}/file?org_id={org_id}#page={}",
                d.id, p.page
            ),
        })
        .collect())
}

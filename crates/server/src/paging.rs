//! Paging, once (issue #26): every list that pages reads `page` (from 0) and `per_page` through
//! [`Paging`], which bounds both before a row is read — a page past the millionth is the
//! millionth, and `per_page` is kept between 1 and the list's own maximum — so the offset never
//! overflows whatever a caller sends, and answers in the one `Page` shape.

use contract::admin::Page;

/// The furthest page a caller may ask for (the contract's bound, which the query types enforce).
pub use contract::admin::MAX_PAGE;

/// A bounded page request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub page: u64,
    pub per_page: u64,
}

impl Paging {
    /// `page` and `per_page` as asked, bounded; `per_page` is `default` when not given.
    pub fn new(page: Option<u64>, per_page: Option<u64>, default: u64, max: u64) -> Paging {
        Paging {
            page: page.unwrap_or(0).min(MAX_PAGE),
            per_page: per_page.unwrap_or(default).clamp(1, max.max(1)),
        }
    }

    /// Rows to skip (cannot overflow: both factors are bounded).
    pub fn offset(&self) -> u64 {
        self.page.saturating_mul(self.per_page)
    }

    /// The answer: these rows of `total`.
    pub fn answer<T>(&self, items: Vec<T>, total: u64) -> Page<T> {
        Page {
            items,
            total,
            page: self.page,
            per_page: self.per_page,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whatever_is_asked_the_page_is_bounded() {
        let p = Paging::new(Some(u64::MAX), Some(u64::MAX), 20, 100);
        assert_eq!((p.page, p.per_page), (MAX_PAGE, 100));
        assert_eq!(p.offset(), MAX_PAGE * 100);
        let p = Paging::new(None, Some(0), 20, 100);
        assert_eq!((p.page, p.per_page, p.offset()), (0, 1, 0));
        assert_eq!(Paging::new(Some(3), None, 10, 100).offset(), 30);
    }
}

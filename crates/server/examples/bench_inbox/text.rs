//! Deterministic randomness and chat text for the inbox benchmark: a vocabulary of a few
//! thousand distinct words (real words of the inbox's languages first, then made-up product and
//! place names), drawn by a Zipf law so that some words are in a large part of the messages and
//! most are rare — what makes a search selective or not.

/// xorshift64*: fast, deterministic, good enough for test data.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // splitmix64 of the seed, so neighbouring seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in 0..n.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// The most common words first (rank order matters: rank 1 is the most frequent). English,
/// Portuguese, Spanish and romanised Hindi, as a team selling in India and Latin America reads.
const COMMON: &[&str] = &[
    "hi",
    "the",
    "order",
    "please",
    "you",
    "is",
    "for",
    "and",
    "to",
    "thanks",
    "price",
    "delivery",
    "can",
    "we",
    "my",
    "a",
    "of",
    "ok",
    "yes",
    "it",
    "when",
    "today",
    "tomorrow",
    "will",
    "your",
    "payment",
    "sir",
    "how",
    "much",
    "available",
    "olá",
    "obrigado",
    "pedido",
    "entrega",
    "preço",
    "hola",
    "gracias",
    "envío",
    "cuánto",
    "cuesta",
    "ji",
    "haan",
    "kal",
    "bhai",
    "size",
    "colour",
    "stock",
    "address",
    "send",
    "photo",
    "catalogue",
    "discount",
    "offer",
    "refund",
    "return",
    "exchange",
    "invoice",
    "bill",
    "gst",
    "upi",
    "paid",
    "transfer",
    "account",
    "number",
    "call",
    "me",
    "later",
    "morning",
    "evening",
    "shop",
    "store",
    "open",
    "closed",
    "sunday",
    "monday",
    "shipping",
    "courier",
    "tracking",
    "dispatched",
    "delivered",
    "delayed",
    "late",
    "sorry",
    "problem",
    "issue",
    "damaged",
    "broken",
    "wrong",
    "item",
    "product",
    "quality",
    "new",
    "old",
    "model",
    "blue",
    "black",
    "white",
    "red",
    "green",
    "small",
    "medium",
    "large",
    "xl",
    "cotton",
    "silk",
    "shirt",
    "saree",
    "kurta",
    "shoes",
    "bag",
    "watch",
    "phone",
    "charger",
    "cover",
    "jacket",
    "dress",
    "jeans",
    "pack",
    "box",
    "kg",
    "litre",
    "piece",
    "pieces",
    "dozen",
    "bulk",
    "wholesale",
    "retail",
    "rate",
    "list",
    "quote",
    "quotation",
    "confirm",
    "confirmed",
    "booking",
    "appointment",
    "visit",
    "location",
    "map",
    "pin",
    "code",
    "city",
    "mumbai",
    "delhi",
    "pune",
    "bangalore",
    "chennai",
    "kolkata",
    "jaipur",
    "são",
    "paulo",
    "rio",
    "lima",
    "bogotá",
    "méxico",
    "customer",
    "care",
    "support",
    "manager",
    "team",
    "service",
    "warranty",
    "guarantee",
    "repair",
    "replace",
    "replacement",
    "cancel",
    "cancelled",
    "cash",
    "cod",
    "card",
    "emi",
    "advance",
    "balance",
    "due",
    "pending",
    "done",
    "received",
    "sent",
    "check",
    "checking",
    "wait",
    "waiting",
    "minutes",
    "hours",
    "days",
    "week",
    "month",
    "fast",
    "urgent",
    "soon",
    "still",
    "not",
    "no",
    "why",
    "what",
    "where",
    "which",
    "who",
    "again",
    "also",
    "only",
    "more",
    "less",
    "best",
    "good",
    "great",
    "nice",
    "happy",
    "thank",
    "dear",
    "madam",
    "brother",
    "friend",
    "family",
    "gift",
    "birthday",
    "wedding",
    "festival",
    "diwali",
    "holi",
    "eid",
    "christmas",
    "sale",
    "coupon",
    "points",
    "membership",
    "loyalty",
    "feedback",
    "review",
    "rating",
    "stars",
    "link",
    "website",
    "app",
    "login",
    "otp",
    "password",
    "email",
    "whatsapp",
    "message",
    "reply",
    "quero",
    "saber",
    "tamanho",
    "cor",
    "frete",
    "grátis",
    "troca",
    "devolução",
    "nota",
    "fiscal",
    "quiero",
    "saber",
    "talla",
    "color",
    "precio",
    "descuento",
    "factura",
    "pago",
    "tarjeta",
    "efectivo",
    "mañana",
    "hoy",
    "tarde",
    "noche",
    "señor",
    "señora",
    "amigo",
    "tienda",
];

/// Syllables the made-up words (product, brand and place names) are built from.
const SYLLABLES: &[&str] = &[
    "ka", "ri", "mo", "ta", "ne", "su", "lo", "vi", "da", "ra", "po", "ze", "qui", "bra", "an",
    "el", "or", "um", "shi", "kra", "tan", "vel", "mir", "dor", "zen", "pal", "gor", "lin", "sar",
    "tek", "nova", "pix", "lux", "mex", "tor", "vin", "xa", "jo", "ha", "bu",
];

/// The vocabulary, most frequent first, and its cumulative Zipf weights.
pub struct Words {
    pub words: Vec<String>,
    cumulative: Vec<f64>,
}

/// How many distinct words the messages draw from.
pub const VOCABULARY: usize = 4_000;

impl Words {
    pub fn new() -> Words {
        let mut words: Vec<String> = Vec::with_capacity(VOCABULARY);
        for w in COMMON {
            if !words.iter().any(|x| x == w) {
                words.push((*w).to_owned());
            }
        }
        let mut rng = Rng::new(42);
        while words.len() < VOCABULARY {
            let n = 2 + rng.below(2);
            let w: String = (0..n).map(|_| *rng.pick(SYLLABLES)).collect();
            if !words.contains(&w) {
                words.push(w);
            }
        }
        // Zipf with s = 1: rank r has weight 1/r.
        let mut cumulative = Vec::with_capacity(words.len());
        let mut total = 0.0;
        for r in 1..=words.len() {
            total += 1.0 / r as f64;
            cumulative.push(total);
        }
        Words { words, cumulative }
    }

    /// A word by the Zipf law.
    pub fn draw(&self, rng: &mut Rng) -> &str {
        let total = *self.cumulative.last().unwrap_or(&1.0);
        let x = rng.unit() * total;
        let i = self.cumulative.partition_point(|c| *c < x);
        &self.words[i.min(self.words.len() - 1)]
    }

    /// A chat message of 3 to 24 words; sometimes a question, sometimes with a number.
    pub fn message(&self, rng: &mut Rng) -> String {
        let n = 3 + rng.below(10) + rng.below(12);
        let mut out = String::with_capacity(n as usize * 7);
        for i in 0..n {
            if i > 0 {
                out.push(' ');
            }
            let w = self.draw(rng);
            if i == 0 {
                let mut c = w.chars();
                if let Some(f) = c.next() {
                    out.extend(f.to_uppercase());
                    out.push_str(c.as_str());
                }
            } else {
                out.push_str(w);
            }
            if rng.chance(0.03) {
                out.push_str(&format!(" {}", 100 + rng.below(99_900)));
            }
        }
        out.push(if rng.chance(0.3) { '?' } else { '.' });
        out
    }
}

/// What the searches look for: a rare word, a word in a large share of the messages, two words
/// together, and a prefix (the last word of a search is one).
pub struct Searches {
    pub selective: String,
    pub common: String,
    pub very_common: String,
    pub two_words: String,
    pub prefix: String,
}

impl Searches {
    pub fn of(words: &Words) -> Searches {
        // A made-up word ranked about 3 500th: in a few hundred messages of a million.
        let selective = words.words[3_500].clone();
        Searches {
            selective,
            // Rank 26: in about one message in twenty.
            common: "payment".to_owned(),
            // Rank 3: in about two messages in five.
            very_common: "order".to_owned(),
            two_words: "refund delivery".to_owned(),
            prefix: "dispat".to_owned(),
        }
    }

    pub fn all(&self) -> [(&'static str, &str); 5] {
        [
            ("selective word", self.selective.as_str()),
            ("common word", self.common.as_str()),
            ("very common word", self.very_common.as_str()),
            ("two words", self.two_words.as_str()),
            ("prefix", self.prefix.as_str()),
        ]
    }
}

/// People's names for members' own chats and groups.
pub const NAMES: &[&str] = &[
    "Priya Sharma",
    "Rahul Verma",
    "Ananya Iyer",
    "Vikram Singh",
    "Sneha Patel",
    "Arjun Nair",
    "Kavya Reddy",
    "Rohan Gupta",
    "Meera Joshi",
    "Aditya Rao",
    "Lucía Fernández",
    "Mateo López",
    "Camila Rodríguez",
    "João Silva",
    "Ana Souza",
    "Pedro Almeida",
    "Fernanda Costa",
    "Diego Ramírez",
    "Valentina Gómez",
    "Gabriel Santos",
];

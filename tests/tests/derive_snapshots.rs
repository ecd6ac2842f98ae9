//! Annotated hex dumps of derived values, reviewed and committed: a change
//! in any byte the derive writes shows up as a readable diff.

use std::borrow::Cow;

use boring::{Boring, Encode, Options, Profile};

#[derive(Boring)]
struct Person {
    id: u32,
    name: String,
    admin: bool,
}

#[derive(Boring)]
enum Event {
    Started,
    Moved(i32),
    Resized(u16, u16),
    Renamed { from: String, to: String },
}

#[derive(Boring)]
struct Borrowed<'a> {
    title: &'a str,
    body: Cow<'a, str>,
    #[boring(bytes)]
    digest: &'a [u8],
}

#[derive(Boring)]
#[boring(keys = "keyword")]
struct Keyworded {
    id: u32,
    #[boring(rename = "user/email")]
    email: String,
}

#[derive(Boring)]
#[boring(record = "app.model/Point")]
struct Point {
    x: i64,
    y: i64,
}

fn dump<T: Encode + ?Sized>(value: &T, options: &Options) -> String {
    let bytes = boring::to_vec_with(value, options).expect("encodes");
    boring::diag::dump(&bytes).expect("dumps")
}

fn default() -> Options {
    Options::default()
}

fn people() -> Vec<Person> {
    vec![
        Person {
            id: 1,
            name: "Ada".into(),
            admin: true,
        },
        Person {
            id: 2,
            name: "Grace".into(),
            admin: false,
        },
        Person {
            id: 3,
            name: "Ada".into(),
            admin: false,
        },
    ]
}

#[test]
fn record_struct() {
    let p = Person {
        id: 7,
        name: "Ada".into(),
        admin: true,
    };
    insta::assert_snapshot!("person", dump(&p, &default()));
    insta::assert_snapshot!(
        "person_canonical",
        dump(&p, &Options::from(Profile::Canonical))
    );
}

#[test]
fn three_records_plain_and_shaped() {
    insta::assert_snapshot!("people_plain", dump(&people(), &default()));
    insta::assert_snapshot!("people_shaped", dump(&people(), &default().shapes(true)));
    insta::assert_snapshot!(
        "people_shaped_no_stringref",
        dump(&people(), &default().shapes(true).stringref(false))
    );
}

#[test]
fn enum_variants() {
    let events = vec![
        Event::Started,
        Event::Moved(-3),
        Event::Resized(640, 480),
        Event::Renamed {
            from: "a".into(),
            to: "b".into(),
        },
    ];
    insta::assert_snapshot!(
        "event_variants",
        dump(&events, &Options::from(Profile::Interop))
    );
}

#[test]
fn borrowed_struct() {
    let b = Borrowed {
        title: "hi",
        body: Cow::Borrowed("text"),
        digest: &[0xde, 0xad],
    };
    insta::assert_snapshot!("borrowed", dump(&b, &Options::from(Profile::Interop)));
}

#[test]
fn keyword_keys() {
    let k = vec![
        Keyworded {
            id: 1,
            email: "a@x".into(),
        },
        Keyworded {
            id: 2,
            email: "b@x".into(),
        },
    ];
    insta::assert_snapshot!("keyword_keys", dump(&k, &default()));
}

#[test]
fn tag_27_record() {
    let points = vec![Point { x: 1, y: 2 }, Point { x: 3, y: 4 }];
    insta::assert_snapshot!("record_tag_27", dump(&points, &default().shapes(true)));
}

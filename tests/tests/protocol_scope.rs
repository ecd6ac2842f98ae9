//! The protocol attributes expand in a scope that shadows the prelude's
//! names, with every warning denied: their generated code, too, names
//! nothing but `_boring::__private`.

#![deny(warnings)]
#![allow(dead_code, non_camel_case_types)]

mod hostile {
    struct Result;
    struct Ok;
    struct Err;
    struct Vec;
    struct Option;
    struct Some;
    struct None;
    struct String;
    struct Box;
    struct Default;
    struct Iterator;
    struct Clone;
    struct Sized;
    trait Encode {}
    trait Decode {}
    mod boring {}
    mod _boring {}

    #[derive(::boring::Boring)]
    pub struct Keyed {
        #[boring(key = -1)]
        pub a: u8,
        #[boring(key = "b", cbor_tag = 32)]
        pub b: u8,
    }

    #[derive(::boring::Boring)]
    #[boring(array, cbor_tag = 18)]
    pub struct Positional<'a> {
        #[boring(bytes)]
        pub head: &'a [u8],
        #[boring(skip_if_none)]
        pub tail: ::core::option::Option<u8>,
    }

    #[derive(::boring::Boring)]
    pub struct Spread {
        #[boring(key = 1)]
        pub id: u8,
        #[boring(flatten)]
        pub inner: Keyed,
        #[boring(unknown)]
        pub rest: ::std::vec::Vec<(::boring::Value, ::boring::Value)>,
    }

    #[derive(::boring::Boring)]
    #[boring(tag = "t", index)]
    pub enum Internal {
        A,
        B { x: u8 },
    }

    #[derive(::boring::Boring)]
    #[boring(tag = "t", content = "c")]
    pub enum Adjacent {
        A,
        B(u8),
    }

    #[derive(::boring::Boring)]
    #[boring(untagged)]
    pub enum Untagged {
        A,
        B(u8),
        C { x: u8 },
    }
}

#[test]
fn protocol_forms_round_trip_in_a_hostile_scope() {
    let v = hostile::Spread {
        id: 1,
        inner: hostile::Keyed { a: 2, b: 3 },
        rest: vec![],
    };
    let bytes = boring::to_vec(&v).unwrap();
    let back: hostile::Spread = boring::from_slice(&bytes).unwrap();
    assert_eq!((back.id, back.inner.a, back.inner.b), (1, 2, 3));
    let p = hostile::Positional {
        head: &[1],
        tail: None,
    };
    let bytes = boring::to_vec(&p).unwrap();
    let back: hostile::Positional<'_> = boring::from_slice(&bytes).unwrap();
    assert_eq!(back.head, [1]);
    for u in [
        hostile::Untagged::A,
        hostile::Untagged::B(1),
        hostile::Untagged::C { x: 2 },
    ] {
        let bytes = boring::to_vec(&u).unwrap();
        let back: hostile::Untagged = boring::from_slice(&bytes).unwrap();
        assert_eq!(boring::to_vec(&back).unwrap(), bytes);
    }
    for i in [hostile::Internal::A, hostile::Internal::B { x: 1 }] {
        let bytes = boring::to_vec(&i).unwrap();
        let back: hostile::Internal = boring::from_slice(&bytes).unwrap();
        assert_eq!(boring::to_vec(&back).unwrap(), bytes);
    }
    for a in [hostile::Adjacent::A, hostile::Adjacent::B(1)] {
        let bytes = boring::to_vec(&a).unwrap();
        let back: hostile::Adjacent = boring::from_slice(&bytes).unwrap();
        assert_eq!(boring::to_vec(&back).unwrap(), bytes);
    }
}

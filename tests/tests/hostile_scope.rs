//! Derives compile in a scope that shadows the prelude's names, with every
//! warning denied, for every form the attributes select (the protocol ones
//! too): generated code names nothing but `_boring::__private`.
//! (Its own locals are `__`-prefixed; like any derive's, they can be
//! shadowed only by unit structs of those exact names.)

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
    pub struct Named<'a, T> {
        pub id: u32,
        pub text: &'a str,
        pub items: ::std::vec::Vec<T>,
        #[boring(skip_if_none)]
        pub maybe: ::core::option::Option<u8>,
        #[boring(skip)]
        pub cache: u8,
        #[boring(bytes)]
        pub raw: ::std::vec::Vec<u8>,
    }

    #[derive(::boring::Boring)]
    #[boring(keys = "keyword", deny_unknown_fields)]
    pub struct Keyed {
        pub a: u8,
    }

    #[derive(::boring::Boring)]
    #[boring(record = "ns/Rec")]
    pub struct Rec {
        pub a: u8,
    }

    #[derive(::boring::Boring)]
    pub struct Tuple(pub u8, pub ::std::string::String);

    #[derive(::boring::Boring)]
    pub struct Newtype(pub Keyed);

    #[derive(::boring::Boring)]
    pub struct Unit;

    #[derive(::boring::Boring)]
    pub enum Enum<T> {
        A,
        B(T),
        C(u8, #[boring(skip)] u8, T),
        D {
            x: T,
            #[boring(default)]
            y: u8,
        },
    }

    #[derive(::boring::Boring)]
    pub enum Never {}

    #[derive(::boring::Boring)]
    pub struct Empty {}

    // The protocol attributes, in the same scope.

    #[derive(::boring::Boring)]
    pub struct Labelled {
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
        pub inner: Labelled,
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
fn derives_in_a_hostile_scope_round_trip() {
    let v = hostile::Enum::D { x: 1u8, y: 2 };
    let bytes = boring::to_vec(&v).unwrap();
    let back: hostile::Enum<u8> = boring::from_slice(&bytes).unwrap();
    assert_eq!(boring::to_vec(&back).unwrap(), bytes);
}

#[test]
fn protocol_forms_round_trip_in_a_hostile_scope() {
    let v = hostile::Spread {
        id: 1,
        inner: hostile::Labelled { a: 2, b: 3 },
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

//! Instruments shared by the hostile-input tests: a global allocator that counts per thread
//! (so tests running in parallel do not disturb each other), readers that never end or count
//! what is read from them, writers that fail or accept a few bytes at a time, and a helper to
//! run code on a thread with a chosen stack size.

#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io;

/// Forwards to `System`, counting this thread's allocations and live bytes.
pub struct Counting;

thread_local! {
    /// Allocations and reallocations made on this thread.
    static CALLS: Cell<usize> = const { Cell::new(0) };
    /// Bytes requested by those calls.
    static REQUESTED: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated on this thread and not yet freed (a free of memory allocated elsewhere
    /// can take it below zero, hence signed).
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest `LIVE` since the last measurement began.
    static HIGH: Cell<isize> = const { Cell::new(0) };
}

fn count_grow(bytes: usize) {
    CALLS.with(|c| c.set(c.get() + 1));
    REQUESTED.with(|c| c.set(c.get().saturating_add(bytes)));
    LIVE.with(|live| {
        let now = live.get() + bytes as isize;
        live.set(now);
        HIGH.with(|high| high.set(high.get().max(now)));
    });
}

fn count_shrink(bytes: usize) {
    LIVE.with(|live| live.set(live.get() - bytes as isize));
}

// SAFETY: each call is passed on to `System` unchanged. The counters are thread-local `Cell`s
// with const initialisers and no destructors, so updating them neither allocates nor calls
// back into the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_grow(layout.size());
        // SAFETY: the caller's guarantees are passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_grow(layout.size());
        // SAFETY: the caller's guarantees are passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count_shrink(layout.size());
        // SAFETY: the caller's guarantees are passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_shrink(layout.size());
        count_grow(new_size);
        // SAFETY: the caller's guarantees are passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// What running a closure cost on this thread.
#[derive(Debug, Clone, Copy)]
pub struct Usage {
    /// Allocation and reallocation calls.
    pub calls: usize,
    /// Bytes those calls asked for.
    pub bytes: usize,
    /// The most memory held at once beyond what was live at the start.
    pub peak: usize,
}

/// Runs `f` and says what it allocated on this thread.
pub fn usage<R>(f: impl FnOnce() -> R) -> (Usage, R) {
    let start = LIVE.with(Cell::get);
    HIGH.with(|high| high.set(start));
    let calls = CALLS.with(Cell::get);
    let bytes = REQUESTED.with(Cell::get);
    let result = f();
    let used = Usage {
        calls: CALLS.with(Cell::get) - calls,
        bytes: REQUESTED.with(Cell::get) - bytes,
        peak: (HIGH.with(Cell::get) - start).max(0) as usize,
    };
    (used, result)
}

/// An `io::Read` that yields `head` once, then repeats `body` for ever, counting what it
/// hands out.
pub struct Endless {
    head: Vec<u8>,
    body: Vec<u8>,
    /// Bytes handed out so far.
    pub served: usize,
}

impl Endless {
    pub fn new(head: &[u8], body: &[u8]) -> Self {
        assert!(!body.is_empty());
        Endless {
            head: head.to_vec(),
            body: body.to_vec(),
            served: 0,
        }
    }
}

impl io::Read for Endless {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        for byte in out.iter_mut() {
            *byte = match self.head.get(self.served) {
                Some(&b) => b,
                None => self.body[(self.served - self.head.len()) % self.body.len()],
            };
            self.served += 1;
        }
        Ok(out.len())
    }
}

/// An `io::Write` that accepts at most `chunk` bytes per call, and fails (with `kind`) once
/// `fail_at` bytes have been accepted, if it is given.
pub struct Faulty {
    pub written: Vec<u8>,
    pub chunk: usize,
    pub fail_at: Option<usize>,
    pub kind: io::ErrorKind,
}

impl Faulty {
    /// Accepts everything, `chunk` bytes at most per call.
    pub fn short(chunk: usize) -> Self {
        Faulty {
            written: Vec::new(),
            chunk,
            fail_at: None,
            kind: io::ErrorKind::Other,
        }
    }

    /// Fails once `at` bytes have been accepted.
    pub fn failing_at(at: usize, chunk: usize) -> Self {
        Faulty {
            fail_at: Some(at),
            ..Faulty::short(chunk)
        }
    }
}

impl io::Write for Faulty {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut room = self.chunk.min(buf.len());
        if let Some(at) = self.fail_at {
            if self.written.len() >= at {
                return Err(io::Error::new(self.kind, "the disk is full"));
            }
            room = room.min(at - self.written.len());
        }
        self.written.extend_from_slice(&buf[..room]);
        Ok(room)
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.fail_at {
            Some(at) if self.written.len() >= at => {
                Err(io::Error::new(self.kind, "the disk is full"))
            }
            _ => Ok(()),
        }
    }
}

/// Runs `f` on a new thread whose stack holds `bytes`, and returns its result.
pub fn on_stack<R: Send + 'static>(bytes: usize, f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new()
        .stack_size(bytes)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("the thread panicked")
}

/// The bytes of a file of the shared data directory (`json-benchmark/twitter.json`, ...).
pub fn data(path: &str) -> Vec<u8> {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(path);
    std::fs::read(&full).unwrap_or_else(|err| panic!("{}: {err}", full.display()))
}

//! The input buffer of the streams that decode value after value from an `io::Read`: a
//! window over the bytes read and not yet consumed, which grows only as far as one value
//! needs (so memory stays bounded by the largest value, however long the stream runs).

use std::io;

/// Size of the first buffer, and of the room kept for each read.
const BLOCK: usize = 8 * 1024;

/// Bytes read from `source` and not yet consumed: `buf[start..filled]`.
pub(crate) struct ReadWindow<R> {
    source: R,
    /// `buf[..filled]` holds bytes read; the rest is zeroed room for the next read (each
    /// byte of room is zeroed once, when the buffer grows).
    buf: Vec<u8>,
    start: usize,
    filled: usize,
    /// Offset in the whole stream of `buf[0]`.
    base: usize,
    eof: bool,
}

impl<R: io::Read> ReadWindow<R> {
    pub(crate) fn new(source: R) -> Self {
        ReadWindow {
            source,
            buf: Vec::new(),
            start: 0,
            filled: 0,
            base: 0,
            eof: false,
        }
    }

    /// The bytes read and not consumed.
    #[inline]
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.buf[self.start..self.filled]
    }

    /// Offset in the whole stream of the first byte of [`ReadWindow::bytes`].
    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.base + self.start
    }

    /// Whether the source has said it has nothing more.
    #[inline]
    pub(crate) fn is_eof(&self) -> bool {
        self.eof
    }

    /// Consumes the first `n` bytes of the window.
    #[inline]
    pub(crate) fn consume(&mut self, n: usize) {
        debug_assert!(n <= self.filled - self.start);
        self.start += n.min(self.filled - self.start);
        if self.start == self.filled {
            // Nothing unread: the next read starts at the front, copying nothing.
            self.base += self.start;
            self.start = 0;
            self.filled = 0;
        }
    }

    /// Reads once more from the source (retrying on `Interrupted`), appending to the window;
    /// returns how many bytes came (0 at the end of the source, which is then remembered).
    ///
    /// Room is made first: consumed bytes are dropped by moving the unread ones to the front
    /// (each byte moves at most once per doubling of the buffer), and the buffer doubles
    /// only when the unread bytes fill more than half of it, that is, as a value needs.
    pub(crate) fn fill(&mut self) -> io::Result<usize> {
        if self.eof {
            return Ok(0);
        }
        if self.buf.len() - self.filled < BLOCK {
            let unread = self.filled - self.start;
            if self.start > 0 && unread <= self.buf.len() / 2 {
                self.buf.copy_within(self.start..self.filled, 0);
                self.base += self.start;
                self.start = 0;
                self.filled = unread;
            }
            if self.buf.len() - self.filled < BLOCK {
                let len = (self.buf.len() * 2).max(BLOCK * 2);
                self.buf.resize(len, 0);
            }
        }
        loop {
            match self.source.read(&mut self.buf[self.filled..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(0);
                }
                Ok(n) => {
                    self.filled += n.min(self.buf.len() - self.filled);
                    return Ok(n);
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
    }

    /// The buffer's size: what the stream holds in memory, for tests of its bound.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.buf.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Yields its bytes a few at a time.
    struct Trickle<'a>(&'a [u8], usize);

    impl io::Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(out.len()).min(self.0.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn consumed_bytes_are_dropped_and_offsets_run_on() {
        let data: Vec<u8> = (0..100_000u32).map(|i| i as u8).collect();
        let mut window = ReadWindow::new(Trickle(&data, 1000));
        let mut seen = Vec::new();
        while window.fill().unwrap() > 0 {
            // Consume all but the last 10 bytes each time.
            let n = window.bytes().len().saturating_sub(10);
            assert_eq!(window.offset(), seen.len());
            seen.extend_from_slice(&window.bytes()[..n]);
            window.consume(n);
        }
        seen.extend_from_slice(window.bytes());
        assert_eq!(seen, data);
        assert!(window.is_eof());
        assert!(window.capacity() <= 2 * BLOCK, "{}", window.capacity());
    }

    #[test]
    fn the_buffer_grows_with_what_is_kept() {
        let data = vec![b'x'; 100_000];
        let mut window = ReadWindow::new(Trickle(&data, 7000));
        while window.fill().unwrap() > 0 {}
        assert_eq!(window.bytes().len(), data.len());
        assert!(window.capacity() < 4 * data.len());
    }
}

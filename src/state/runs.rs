//! What the lab and the bug museum share in running jobs one after another in a worker: a queue of
//! jobs, the one run going on, and the id that tells its reports from those of a run cancelled.

/// Takes the first queued job and the id its run goes by (ids wrap around), or `None` when nothing
/// is queued.
pub fn take_next<J>(queue: &mut Vec<J>, next_id: &mut u32) -> Option<(J, u32)> {
    if queue.is_empty() {
        return None;
    }
    let job = queue.remove(0);
    let id = *next_id;
    *next_id = next_id.wrapping_add(1);
    Some((job, id))
}

/// Ends every run: the one going on and those queued.
pub fn clear<J, R>(queue: &mut Vec<J>, running: &mut Option<R>) {
    queue.clear();
    *running = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_come_out_in_order_with_ids_that_wrap_and_none_when_empty() {
        let mut queue = vec!['a', 'b'];
        let mut next_id = u32::MAX;
        assert_eq!(take_next(&mut queue, &mut next_id), Some(('a', u32::MAX)));
        assert_eq!(take_next(&mut queue, &mut next_id), Some(('b', 0)));
        assert_eq!(take_next(&mut queue, &mut next_id), None);
        assert_eq!(next_id, 1, "no id is spent on an empty queue");
        let mut running = Some('c');
        let mut queue = vec!['d'];
        clear(&mut queue, &mut running);
        assert!(queue.is_empty() && running.is_none());
    }
}

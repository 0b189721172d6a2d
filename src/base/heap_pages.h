/* heap_pages.h: the main heap grown in large steps and backed by
 * transparent huge pages, so that a process building a big encoding takes
 * a few hundred page faults instead of thousands (bench/NOTES.md: on the
 * 40x40 Train Tracks boards the faults were a sixth of the CPU time).  A
 * small puzzle's process would pay more for the first huge page than it
 * saves, so the batch commands ask for it only before a big encoding. */
#ifndef TESSERA_HEAP_PAGES_H
#define TESSERA_HEAP_PAGES_H

/* Only advice: where the C library, the kernel or a sanitizer does not
 * take it, the heap stays as it was.  Later calls do nothing. */
void heap_use_huge_pages(void);

#endif

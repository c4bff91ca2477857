#ifndef SKY_CNCURSES_SHIM_H
#define SKY_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so ask for the wide-character API here, before the include.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <ncurses.h>
#include <sys/ioctl.h>
#include <fcntl.h>
#include <unistd.h>

// Swift 6 rejects C globals as not concurrency-safe and does not import function-like macros,
// so the few Sky needs are reached through these accessors.

static inline FILE *sky_stdout(void) { return stdout; }
static inline FILE *sky_stdin(void) { return stdin; }
static inline attr_t sky_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }
static inline int sky_colors(void) { return COLORS; }
static inline int sky_key_resize(void) { return KEY_RESIZE; }
static inline int sky_key_code_yes(void) { return KEY_CODE_YES; }
static inline int sky_key_up(void) { return KEY_UP; }
static inline int sky_key_down(void) { return KEY_DOWN; }
static inline int sky_key_page_up(void) { return KEY_PPAGE; }
static inline int sky_key_page_down(void) { return KEY_NPAGE; }
static inline WINDOW *sky_stdscr(void) { return stdscr; }
static inline attr_t sky_attr_bold(void) { return A_BOLD; }
static inline attr_t sky_attr_dim(void) { return A_DIM; }
static inline attr_t sky_attr_reverse(void) { return A_REVERSE; }
static inline attr_t sky_attr_normal(void) { return A_NORMAL; }
static inline void sky_set_attributes(WINDOW *window, attr_t attributes, short pair) {
    wattr_set(window, attributes, pair, NULL);
}
/// The terminal's size from the kernel, for resizeterm after a SIGWINCH; 0 on success.
static inline int sky_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}
/// Opens a new pseudo-terminal (Linux): returns the controller side's descriptor and writes the
/// terminal side's path into `path`, or returns -1. posix_openpt and friends are hidden from
/// Swift by the C library module's feature macros, and these ioctls are what they do.
static inline int sky_open_pseudo_terminal(char *path, int size) {
    int controller = open("/dev/ptmx", O_RDWR | O_NOCTTY);
    if (controller < 0) return -1;
    int unlock = 0;
    unsigned int number = 0;
    if (ioctl(controller, TIOCSPTLCK, &unlock) != 0 || ioctl(controller, TIOCGPTN, &number) != 0) {
        close(controller);
        return -1;
    }
    snprintf(path, (size_t)size, "/dev/pts/%u", number);
    return controller;
}
static inline int sky_put(WINDOW *window, int y, int x, const char *text) {
    return mvwaddstr(window, y, x, text);
}

#endif

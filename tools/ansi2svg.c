/* ansi2svg.c: turns a terminal capture with SGR colour escapes (tmux
 * capture-pane -e) into an SVG picture, for the README's screenshots.
 * Reads stdin, writes stdout; plain C, no libraries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXR = 200, MAXC = 400 };
enum { A_B = 1, A_DIM = 2, A_IT = 4, A_UL = 8, A_REV = 16 };

typedef struct {
    char g[8];
    int fg, bg; /* 0xRRGGBB, -1: the default */
    int attr;
} cell;

static cell scr[MAXR][MAXC];
static int nrows, ncols;

static const int BASE16[16] = {0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd,
                               0x00cdcd, 0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00,
                               0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff};
#define DEF_FG 0xd0d0d0
#define DEF_BG 0x1c1c1c

/* The xterm 256-colour palette. */
static int xterm(int n)
{
    if (n < 16)
        return BASE16[n];
    if (n >= 232) {
        int v = 8 + 10 * (n - 232);
        return v << 16 | v << 8 | v;
    }
    n -= 16;
    static const int L[6] = {0, 95, 135, 175, 215, 255};
    return L[n / 36] << 16 | L[n / 6 % 6] << 8 | L[n % 6];
}

/* Applies one SGR parameter list to the pen. */
static void sgr(const char *p, int *fg, int *bg, int *attr)
{
    int v[32], n = 0;
    while (n < 32) {
        v[n++] = (int)strtol(p, (char **)&p, 10);
        if (*p != ';')
            break;
        p++;
    }
    for (int i = 0; i < n; i++) {
        int c = v[i];
        if (c == 0)
            *fg = *bg = -1, *attr = 0;
        else if (c == 1) *attr |= A_B;
        else if (c == 2) *attr |= A_DIM;
        else if (c == 3) *attr |= A_IT;
        else if (c == 4) *attr |= A_UL;
        else if (c == 7) *attr |= A_REV;
        else if (c == 22) *attr &= ~(A_B | A_DIM);
        else if (c == 23) *attr &= ~A_IT;
        else if (c == 24) *attr &= ~A_UL;
        else if (c == 27) *attr &= ~A_REV;
        else if (c >= 30 && c <= 37) *fg = BASE16[c - 30];
        else if (c >= 90 && c <= 97) *fg = BASE16[c - 90 + 8];
        else if (c >= 40 && c <= 47) *bg = BASE16[c - 40];
        else if (c >= 100 && c <= 107) *bg = BASE16[c - 100 + 8];
        else if (c == 39) *fg = -1;
        else if (c == 49) *bg = -1;
        else if ((c == 38 || c == 48) && i + 2 < n && v[i + 1] == 5) {
            *(c == 38 ? fg : bg) = xterm(v[i + 2] & 255);
            i += 2;
        } else if ((c == 38 || c == 48) && i + 4 < n && v[i + 1] == 2) {
            *(c == 38 ? fg : bg) = (v[i + 2] & 255) << 16 | (v[i + 3] & 255) << 8 | (v[i + 4] & 255);
            i += 4;
        }
    }
}

static void read_screen(FILE *in)
{
    int fg = -1, bg = -1, attr = 0, y = 0, x = 0, ch;
    while ((ch = getc(in)) != EOF && y < MAXR) {
        if (ch == '\033') {
            if (getc(in) != '[')
                continue;
            char par[128];
            int k = 0;
            while ((ch = getc(in)) != EOF && ((ch >= '0' && ch <= '9') || ch == ';'))
                if (k < 127)
                    par[k++] = (char)ch;
            par[k] = 0;
            if (ch == 'm')
                sgr(par, &fg, &bg, &attr);
            continue;
        }
        if (ch == '\n') {
            y++, x = 0;
            continue;
        }
        if (x >= MAXC)
            continue;
        cell *c = &scr[y][x];
        int len = (ch & 0xe0) == 0xc0 ? 2 : (ch & 0xf0) == 0xe0 ? 3 : (ch & 0xf8) == 0xf0 ? 4 : 1;
        c->g[0] = (char)ch;
        for (int i = 1; i < len; i++)
            c->g[i] = (char)getc(in);
        c->g[len] = 0;
        c->fg = fg, c->bg = bg, c->attr = attr;
        x++;
        if (y + 1 > nrows)
            nrows = y + 1;
        if (x > ncols)
            ncols = x;
    }
}

/* The colours a cell is painted in, reverse video applied. */
static void colours(const cell *c, int *fg, int *bg)
{
    *fg = c->fg < 0 ? DEF_FG : c->fg;
    *bg = c->bg < 0 ? DEF_BG : c->bg;
    if (c->attr & A_REV) {
        int t = *fg;
        *fg = *bg, *bg = t;
    }
}

static void xml_glyph(const char *g)
{
    if (!strcmp(g, "<")) fputs("&lt;", stdout);
    else if (!strcmp(g, ">")) fputs("&gt;", stdout);
    else if (!strcmp(g, "&")) fputs("&amp;", stdout);
    else fputs(g, stdout);
}

/* Half-filled cells are drawn as polygons: fonts differ too much. */
static const char *shape_points(const char *g)
{
    if (!strcmp(g, "◣")) return "0,0 0,1 1,1";
    if (!strcmp(g, "◢")) return "1,0 1,1 0,1";
    if (!strcmp(g, "◤")) return "0,0 1,0 0,1";
    if (!strcmp(g, "◥")) return "0,0 1,0 1,1";
    if (!strcmp(g, "▀")) return "0,0 1,0 1,0.5 0,0.5";
    if (!strcmp(g, "▄")) return "0,0.5 1,0.5 1,1 0,1";
    if (!strcmp(g, "█")) return "0,0 1,0 1,1 0,1";
    return NULL;
}

int main(void)
{
    const double CW = 8.4, CH = 17.0;
    read_screen(stdin);
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
           "font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"14\">\n",
           ncols * CW + 16, nrows * CH + 16);
    printf("<rect width=\"100%%\" height=\"100%%\" fill=\"#%06x\"/>\n<g transform=\"translate(8 8)\">\n",
           DEF_BG);
    for (int y = 0; y < nrows; y++)
        for (int x = 0; x < ncols; x++) {
            const cell *c = &scr[y][x];
            if (!c->g[0])
                continue; /* past the end of its line: the default */
            int fg, bg;
            colours(c, &fg, &bg);
            if (bg != DEF_BG)
                printf("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#%06x\"/>\n",
                       x * CW, y * CH, CW + 0.3, CH + 0.3, bg);
            const char *pts = shape_points(c->g);
            if (pts) {
                printf("<polygon transform=\"translate(%.1f %.1f) scale(%.2f %.2f)\" points=\"%s\" "
                       "fill=\"#%06x\"/>\n", x * CW, y * CH, CW + 0.3, CH + 0.3, pts, fg);
                continue;
            }
            if (!strcmp(c->g, " ")) {
                if (c->attr & A_UL)
                    printf("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"1\" fill=\"#%06x\"/>\n",
                           x * CW, y * CH + CH - 3, CW, fg);
                continue;
            }
            printf("<text x=\"%.1f\" y=\"%.1f\" fill=\"#%06x\"%s%s%s%s>", x * CW, y * CH + 13, fg,
                   c->attr & A_B ? " font-weight=\"bold\"" : "",
                   c->attr & A_IT ? " font-style=\"italic\"" : "",
                   c->attr & A_UL ? " text-decoration=\"underline\"" : "",
                   c->attr & A_DIM ? " opacity=\"0.6\"" : "");
            xml_glyph(c->g);
            printf("</text>\n");
        }
    printf("</g>\n</svg>\n");
    return 0;
}

#ifndef CSYS_H
#define CSYS_H

/// 1 for standard input, output and error (0, 1, 2), else 0.
int csys_is_standard(int descriptor);

#endif

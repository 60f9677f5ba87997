#ifndef TALLY_H
#define TALLY_H

/// Twice `count`.
int tally_double(int count);

#endif

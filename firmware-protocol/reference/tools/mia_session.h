/* mia_host session: a cup driven by commands on stdin (mia_session.c). */
#ifndef MIA_SESSION_H
#define MIA_SESSION_H

/* Reads commands until the end of stdin; returns the exit status. */
int session_mode(void);

#endif

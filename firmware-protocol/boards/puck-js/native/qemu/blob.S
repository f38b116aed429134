/* The blob as build.sh wrote it, byte for byte, in the harness's flash (read-only data). */
    .section .rodata.mia_puck_blob, "a"
    .balign 4
    .global mia_puck_blob
mia_puck_blob:
    .incbin MIA_PUCK_BLOB_PATH
    .global mia_puck_blob_end
mia_puck_blob_end:

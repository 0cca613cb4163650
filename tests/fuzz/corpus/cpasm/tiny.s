nop
halt

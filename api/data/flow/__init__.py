"""Flow views: volume and open interest by strike, the put/call balance and the tape of classified prints."""

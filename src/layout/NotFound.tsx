import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Texts } from '../../shared/texts/index.js';

/** The not-found view, also shown for routes the user lacks the permission for. */
export function NotFound() {
  return (
    <Box sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {Texts.global.notFound}
      </Typography>
      <Button component={Link} to="/" variant="outlined" sx={{ mt: 2 }}>
        Go to the home page
      </Button>
    </Box>
  );
}

export function NotAuthorized() {
  return (
    <Box sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1">
        {Texts.global.notAuthorized}
      </Typography>
    </Box>
  );
}
